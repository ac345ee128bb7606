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

impl Sport {
    /// Two scores of one match as the sport writes them: chess `3.5:1.5`, xiangqi `4-2`
    /// (the `2-0` of its games; whole points without a decimal, a half as `.5`).
    pub fn score_pair(self, a: super::Points, b: super::Points) -> String {
        match self {
            Sport::Chess => format!("{a}:{b}"),
            Sport::Xiangqi => format!("{}-{}", a.compact(), b.compact()),
        }
    }

    /// A score as the sport writes it beside a word (`轮空 2.5`, `轮空 5`): chess with one
    /// decimal, xiangqi without one when whole.
    pub fn points_text(self, p: super::Points) -> String {
        match self {
            Sport::Chess => p.to_string(),
            Sport::Xiangqi => p.compact(),
        }
    }
}
