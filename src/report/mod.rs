//! Workbooks bianpai writes, one module per workbook, sharing one style module.

pub mod blank_form;
pub mod style;
pub mod workbook;
