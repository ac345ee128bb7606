//! The display tables of the individual sections: the ranking of a group by its CXA chain and
//! the delegation ranking (团体).

use super::delegations;
use super::entrants::Entrant;
use crate::Lang;
use crate::report::tables::TextTable;
use crate::scoring::cxa;

pub(super) fn section_table(st: &cxa::CxaStandings, entrants: &[Entrant], lang: Lang) -> TextTable {
    let mut headers = vec![
        lang.pick("名次", "Place").to_string(),
        lang.pick("姓名", "Name").to_string(),
        lang.pick("单位", "Unit").to_string(),
    ];
    headers.extend(st.headers.iter().cloned());
    let rows = st
        .rows
        .iter()
        .map(|r| {
            let e = entrants.get(r.competitor);
            let mut v = vec![
                r.rank.to_string(),
                e.map(|e| e.name.clone()).unwrap_or_default(),
                e.map(|e| e.unit.clone()).unwrap_or_default(),
            ];
            v.extend(r.display.iter().cloned());
            v
        })
        .collect();
    let n = headers.len();
    let mut centred = vec![0];
    centred.extend(3..n);
    TextTable {
        headers,
        rows,
        centred,
    }
}

pub(super) fn delegation_table(rows: &[delegations::DelegationRow], lang: Lang) -> TextTable {
    let headers = vec![
        lang.pick("名次", "Place").to_string(),
        lang.pick("代表队", "Delegation").to_string(),
        lang.pick("计入名次", "Counted places").to_string(),
        lang.pick("名次和", "Sum").to_string(),
        lang.pick("计入积分", "Points").to_string(),
        lang.pick("第5名队员名次", "Fifth place").to_string(),
    ];
    let rows = rows
        .iter()
        .map(|r| {
            vec![
                r.rank.to_string(),
                r.unit.clone(),
                r.counted
                    .iter()
                    .map(u32::to_string)
                    .collect::<Vec<_>>()
                    .join(" "),
                r.sum.to_string(),
                r.points.to_string(),
                r.next.to_string(),
            ]
        })
        .collect();
    TextTable {
        headers,
        rows,
        centred: vec![0, 3, 4, 5],
    }
}
