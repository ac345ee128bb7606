use super::*;

const W: &str = r#"xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main""#;

fn doc(body: &str) -> Vec<u8> {
    format!(r#"<?xml version="1.0" encoding="UTF-8"?><w:document {W}><w:body>{body}</w:body></w:document>"#)
        .into_bytes()
}

fn p(text: &str) -> String {
    format!("<w:p><w:r><w:t>{text}</w:t></w:r></w:p>")
}

fn tc(props: &str, text: &str) -> String {
    format!("<w:tc><w:tcPr>{props}</w:tcPr>{}</w:tc>", p(text))
}

#[test]
fn spans_vertical_merges_and_paragraphs_around() {
    let body = format!(
        "{}{}<w:tbl><w:tr>{}</w:tr><w:tr>{}{}{}</w:tr><w:tr>{}{}{}</w:tr><w:tr>{}{}{}</w:tr></w:tbl>{}",
        p("附件一：报名表"),
        p("代表队（盖章）：河北省　领队：张三"),
        tc(r#"<w:gridSpan w:val="3"/>"#, "2023年报名表"),
        tc(r#"<w:vMerge w:val="restart"/>"#, "公开组男子"),
        tc("", "王一"),
        tc("", "男"),
        tc("<w:vMerge/>", ""),
        tc("", "李二"),
        tc("", "男"),
        tc("", "少年组女子"),
        tc("", "赵四"),
        tc("", "女"),
        p("填表日期：2023年12月10日"),
    );
    let b = parse(&doc(&body)).unwrap();
    assert_eq!(b.tables.len(), 1);
    let t = &b.tables[0];
    assert_eq!(t.rows[0], vec![(0, "2023年报名表".to_string())]);
    assert_eq!(
        t.rows[2],
        vec![(1, "李二".to_string()), (2, "男".to_string())]
    );
    assert_eq!(
        t.merges,
        vec![
            Merge {
                first_row: 0,
                first_col: 0,
                last_row: 0,
                last_col: 2
            },
            Merge {
                first_row: 1,
                first_col: 0,
                last_row: 2,
                last_col: 0
            },
        ]
    );
    let texts: Vec<(u32, &str)> = b
        .paragraphs
        .iter()
        .map(|p| (p.number, p.text.as_str()))
        .collect();
    assert_eq!(
        texts,
        vec![
            (1, "附件一：报名表"),
            (2, "代表队（盖章）：河北省　领队：张三"),
            (3, "填表日期：2023年12月10日")
        ]
    );
}

#[test]
fn runs_joined_fields_deleted_text_and_placeholders() {
    let cell = concat!(
        "<w:tc><w:p><w:r><w:t>张</w:t></w:r><w:r><w:rPr><w:b/></w:rPr><w:t xml:space=\"preserve\">三</w:t></w:r>",
        "<w:r><w:delText>丰</w:delText></w:r>",
        "<w:r><w:fldChar w:fldCharType=\"begin\"/></w:r><w:r><w:instrText> MERGEFIELD 名 </w:instrText></w:r>",
        "<w:r><w:fldChar w:fldCharType=\"end\"/></w:r></w:p></w:tc>",
        "<w:sdt><w:sdtPr><w:showingPlcHdr/></w:sdtPr><w:sdtContent><w:tc><w:p><w:r><w:t>单击此处输入文字。</w:t></w:r></w:p></w:tc></w:sdtContent></w:sdt>",
        "<w:sdt><w:sdtPr><w:alias w:val=\"性别\"/></w:sdtPr><w:sdtContent><w:tc><w:p><w:r><w:t>男</w:t></w:r></w:p></w:tc></w:sdtContent></w:sdt>",
        "<w:tc><w:p><w:r><w:t>A&amp;B&#x4E00;</w:t></w:r></w:p><w:p><w:r><w:t>二行</w:t></w:r></w:p></w:tc>",
    );
    let b = parse(&doc(&format!("<w:tbl><w:tr>{cell}</w:tr></w:tbl>"))).unwrap();
    assert_eq!(
        b.tables[0].rows[0],
        vec![
            (0, "张三".to_string()),
            (2, "男".to_string()),
            (3, "A&B一\n二行".to_string())
        ]
    );
}

#[test]
fn grid_before_and_several_tables() {
    let body = format!(
        "<w:tbl><w:tr><w:trPr><w:gridBefore w:val=\"2\"/></w:trPr>{}</w:tr></w:tbl>{}<w:tbl><w:tr>{}</w:tr></w:tbl>",
        tc("", "甲"),
        p("领队、教练员名单"),
        tc("", "乙"),
    );
    let b = parse(&doc(&body)).unwrap();
    assert_eq!(b.tables.len(), 2);
    assert_eq!(b.tables[0].rows[0], vec![(2, "甲".to_string())]);
    assert_eq!(b.tables[1].rows[0], vec![(0, "乙".to_string())]);
    assert!(b.tables[1].prev_block == b.tables[0].block);
    assert!(b.paragraphs[0].block > b.tables[0].block && b.paragraphs[0].block < b.tables[1].block);
}

#[test]
fn broken_xml_is_an_error_not_a_panic() {
    assert!(parse(b"<w:document><w:body><w:tbl><w:tr></w:tc>").is_err());
    // A document cut inside a table keeps what was read.
    let b = parse(&doc("<w:tbl><w:tr><w:tc><w:p><w:r><w:t>x</w:t></w:r></w:p></w:tc></w:tr>")[..]);
    assert!(b.is_err() || b.is_ok_and(|b| b.tables.len() == 1));
}

#[test]
fn nesting_is_read_to_its_bound_and_refused_past_it() {
    // Tables nested in a cell 60 deep (180 elements, plus the body's and a cell's own): read,
    // the nested text joined into the top-level cell.
    let nested = |n: usize| {
        format!(
            "<w:tbl><w:tr><w:tc>{}{}{}</w:tc></w:tr></w:tbl>",
            "<w:tbl><w:tr><w:tc>".repeat(n),
            p("x"),
            "</w:tc></w:tr></w:tbl>".repeat(n)
        )
    };
    let b = parse(&doc(&nested(60))).expect("60 deep is read");
    assert_eq!(b.tables.len(), 1);
    assert_eq!(b.tables[0].rows, [vec![(0, "x".to_string())]]);
    // 100,000 deep: refused when the bound is passed.
    assert!(matches!(
        parse(&doc(&nested(100_000))),
        Err(ParseError::TooDeep)
    ));
    // Content controls nested 100,000 deep, one showing its placeholder: refused too, and the
    // placeholder count stays exact for a shallow one.
    let sdt = |n: usize| {
        format!(
            "<w:p>{}<w:sdtPr><w:showingPlcHdr/></w:sdtPr>{}{}</w:p>{}",
            "<w:sdt><w:sdtContent>".repeat(n),
            "<w:r><w:t>单击此处</w:t></w:r>",
            "</w:sdtContent></w:sdt>".repeat(n),
            p("答")
        )
    };
    assert!(matches!(
        parse(&doc(&sdt(100_000))),
        Err(ParseError::TooDeep)
    ));
    let b = parse(&doc(&sdt(3))).expect("3 deep is read");
    let texts: Vec<&str> = b.paragraphs.iter().map(|p| p.text.as_str()).collect();
    assert_eq!(texts, ["", "答"]);
}
