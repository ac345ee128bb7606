//! Money: prizes and tax, accommodation, fees, grants; all in integer fen.
