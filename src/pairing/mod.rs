//! Pairing engines: round robin (Berger), FIDE Dutch, FIDE team Swiss (C.04.6), xiangqi Swiss,
//! knockout. Layered as solver (matching) ← criteria (one module per system) ← data.
