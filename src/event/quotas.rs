//! Places per delegation (参赛名额) earned in a qualifying season: tiers and extra places, and
//! each delegation's season (`[[quotas.delegations]]`, or a 名额分配表 workbook in the folder).

use std::collections::BTreeMap;

use serde::Deserialize;

/// The quota table.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Quotas {
    /// Tiers, best first; a delegation gets the first tier whose conditions it meets.
    pub tiers: Vec<QuotaTier>,
    /// Extra places on top of the tier.
    #[serde(default)]
    pub extras: Vec<QuotaExtra>,
    /// Other organizers get a number of places the federation decides (no fixed rule).
    #[serde(default)]
    pub discretionary: Option<String>,
    /// Clause of `discretionary`.
    #[serde(default)]
    pub discretionary_clause: Option<String>,
    /// Extra places join the province's delegation (所有直通名额均并入本省参赛队报名).
    #[serde(default)]
    pub extras_join_province: bool,
    /// Clause of `extras_join_province` (`规程 九(六)`).
    #[serde(default)]
    pub join_clause: Option<String>,
    /// Each delegation's qualifying season and extra places; a delegation named here overrides
    /// its line of a quota workbook in the folder.
    #[serde(default)]
    pub delegations: Vec<QuotaDelegation>,
}

/// One delegation's qualifying season, as `event.toml` states it.
///
/// ```toml
/// [[quotas.delegations]]
/// unit = "湖北省"
/// stations = 14
/// regional_finals = 1
/// players = 1120
/// extras = { xiangqi-hometown = 1 }
/// ```
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct QuotaDelegation {
    /// The delegation (参赛单位) as the entry form names it.
    pub unit: String,
    /// Valid qualifying stations (有效站数).
    #[serde(default)]
    pub stations: Option<u32>,
    /// Regional finals (分区赛).
    #[serde(default)]
    pub regional_finals: Option<u32>,
    /// Players of the qualifying season.
    #[serde(default)]
    pub players: Option<u32>,
    /// Places given outright; they replace the tier's for the sections they name.
    #[serde(default)]
    pub places: Vec<QuotaPlaces>,
    /// Hosts behind each extra place, by `quotas.extras` id.
    #[serde(default)]
    pub extras: BTreeMap<String, u32>,
}

/// One tier: conditions on the qualifying season and the places they earn.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct QuotaTier {
    /// Name (`15站`).
    pub name: String,
    /// Valid qualifying stations (有效站数) at least.
    pub min_stations: u32,
    /// Regional finals (分区赛) at least.
    pub min_regional_finals: u32,
    /// Total players in the region at least.
    pub min_players: u32,
    /// Places earned.
    pub places: Vec<QuotaPlaces>,
    /// Leaders the delegation may add.
    #[serde(default)]
    pub leaders: u32,
    /// Coaches the delegation may add.
    #[serde(default)]
    pub coaches: u32,
    /// Clause (`规程 九(一)`).
    #[serde(default)]
    pub clause: Option<String>,
}

impl QuotaTier {
    /// Whether a qualifying season with these figures reaches the tier.
    pub fn reached(&self, stations: u32, regional_finals: u32, players: u32) -> bool {
        stations >= self.min_stations
            && regional_finals >= self.min_regional_finals
            && players >= self.min_players
    }

    /// Places for a section (the count of the entry naming it, shared when it names several).
    pub fn places_for(&self, section: &str) -> Option<&QuotaPlaces> {
        self.places
            .iter()
            .find(|p| p.sections.iter().any(|s| s == section))
    }
}

/// A number of places shared by one or more sections (`少年组2人` covers boys and girls).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct QuotaPlaces {
    /// Section ids.
    pub sections: Vec<String>,
    /// Places.
    pub count: u32,
}

/// Extra places for a host (象棋之乡, 特色学校, cities hosting ≥ 4 qualifiers).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct QuotaExtra {
    /// Identifier (`xiangqi-hometown`).
    pub id: String,
    /// Who earns it, as the regulation says.
    pub condition: String,
    /// Extra places.
    pub count: u32,
    /// Sections they may be used in; empty = any (参赛组别不限).
    #[serde(default)]
    pub sections: Vec<String>,
    /// Clause (`规程 九(四)`).
    #[serde(default)]
    pub clause: Option<String>,
}
