//! Workbooks bianpai writes, one module per workbook, sharing one style module.
