//! Workbooks bianpai writes, one module per workbook, sharing one style module.

pub mod blank_form;
pub mod costs;
pub mod eligibility;
pub mod labels;
pub mod prizes;
pub mod roster;
pub mod round_workbook;
pub mod style;
pub mod tables;
pub mod workbook;
