//! Scores, standings and FIDE C.07 tie-breaks, in exact arithmetic.
