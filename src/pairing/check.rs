//! Checks a round's pairing against the absolute rules (to be written).
