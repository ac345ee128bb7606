//! Chinese Xiangqi Association ranking chains (RULES §E).
