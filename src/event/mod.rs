//! The event: `event.toml` (the regulation in machine form) and the built-in templates.
