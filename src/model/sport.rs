//! The two sports bianpai serves.

/// Chess (国际象棋) or xiangqi (象棋): decides result notation (`1-0` vs `2-0`), colour words
/// (白/黑 vs 红/黑) and default scoring.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Sport {
    /// 国际象棋: win 1, draw ½.
    Chess,
    /// 象棋: win 2, draw 1 (CXA rules art. 13).
    Xiangqi,
}
