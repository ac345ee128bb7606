//! A value of `event.toml` the regulation may leave open: [`Defaulted`], and the reading that
//! gives it the flag of its `<key>_default = true` key.

use serde::{Deserialize, Deserializer};

/// A value and whether it is a template default (`<key>_default = true` in the file: the
/// regulation leaves it open, the organizer should confirm it).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Defaulted<T> {
    /// The value.
    pub value: T,
    /// It is a template default.
    pub default: bool,
}

impl<T> Defaulted<T> {
    /// A value the file states (no default).
    pub fn new(value: T) -> Self {
        Defaulted {
            value,
            default: false,
        }
    }
}

/// Reads the value alone; the table's [`read_defaults!`] sets the flag from its own key.
impl<'de, T: Deserialize<'de>> Deserialize<'de> for Defaulted<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        T::deserialize(d).map(Defaulted::new)
    }
}

/// Implements `Deserialize` for a table derived with `#[serde(remote = "Self")]`: its derived
/// reading, then each `flag => field` copies the flag key (`tie_resolution_default`) into the
/// field's [`Defaulted`], so the file format keeps its keys and the value carries its flag.
macro_rules! read_defaults {
    ($ty:ty { $($flag:ident => $($field:ident),+;)* }) => {
        impl<'de> serde::Deserialize<'de> for $ty {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let mut t = <$ty>::deserialize(d)?;
                $($(t.$field.default = t.$flag;)+)*
                Ok(t)
            }
        }
    };
}
pub(super) use read_defaults;
