//! Eligibility checks against the regulation (event.toml), one finding per fault.
