use super::*;
use proptest::prelude::*;

fn ok(s: &str) -> (IdKind, String) {
    let p = parse_id_text(s).unwrap().unwrap();
    (p.id.kind, p.id.number)
}

#[test]
fn check_char_examples() {
    assert_eq!(id_check_char("11010519491231002"), Some('X'));
    assert_eq!(id_check_char("44030419900101001"), Some('1'));
    assert_eq!(id_check_char("1101051949123100"), None);
    assert_eq!(id_check_char("1101051949123100A"), None);
}

#[test]
fn citizen_forms() {
    let want = (IdKind::Citizen, "11010519491231002X".to_string());
    for s in [
        "11010519491231002X",
        "11010519491231002x",
        "１１０１０５１９４９１２３１００２Ｘ",
        " 110105 19491231 002X ",
        "110105-19491231-002X",
        "'11010519491231002X",
    ] {
        assert_eq!(ok(s), want, "{s:?}");
    }
    assert_eq!(
        ok("440304199001010011"),
        (IdKind::Citizen, "440304199001010011".into())
    );
}

#[test]
fn refused() {
    assert_eq!(
        parse_id_text("110105194912310021"),
        Err(IdError::CheckChar("110105194912310021".into(), 'X'))
    );
    assert_eq!(
        parse_id_text("110105194902300021"),
        Err(IdError::BirthDate("110105194902300021".into()))
    );
    assert_eq!(
        parse_id_text("000105194912310021"),
        Err(IdError::Region("000105194912310021".into()))
    );
    assert_eq!(
        parse_id_text("1101051949"),
        Err(IdError::Length("1101051949".into()))
    );
    assert_eq!(
        parse_id_text("4.10102E+17"),
        Err(IdError::TypedAsNumber("4.10102E+17".into()))
    );
    assert_eq!(
        parse_id_text("王浩"),
        Err(IdError::Characters("王浩".into()))
    );
}

#[test]
fn upgrade() {
    let p = parse_id_text("110105491231002").unwrap().unwrap();
    assert_eq!(p.id.kind, IdKind::UpgradedFrom15);
    assert_eq!(p.id.number, "11010519491231002X");
    assert_eq!(p.upgraded_from.as_deref(), Some("110105491231002"));
    assert_eq!(
        parse_id_text("110105491331002"),
        Err(IdError::BirthDate("110105491331002".into()))
    );
}

#[test]
fn permits_and_other_documents() {
    // 810000 Hong Kong residence permit, check char computed by hand: S = 8*7+1*9 + ... .
    let hk = format!(
        "81000019900101002{}",
        id_check_char("81000019900101002").unwrap()
    );
    assert_eq!(ok(&hk).0, IdKind::HmtResidence);
    let fp = format!(
        "93115619850607001{}",
        id_check_char("93115619850607001").unwrap()
    );
    assert_eq!(ok(&fp).0, IdKind::ForeignPermanent);
    assert_eq!(ok("E12345678"), (IdKind::Passport, "E12345678".into()));
    assert_eq!(ok("EA1234567"), (IdKind::Passport, "EA1234567".into()));
    assert_eq!(ok("A123456(7)"), (IdKind::Other, "A1234567".into()));
    assert_eq!(ok("A123456789"), (IdKind::Other, "A123456789".into()));
    assert_eq!(ok("H12345678"), (IdKind::HkMacauPermit, "H12345678".into()));
    assert_eq!(
        ok("M1234567801"),
        (IdKind::HkMacauPermit, "M1234567801".into())
    );
    assert_eq!(ok("12345678"), (IdKind::TaiwanPermit, "12345678".into()));
    assert_eq!(ok("X1234567Z"), (IdKind::Passport, "X1234567Z".into()));
    assert_eq!(
        ok("usa310085010103"),
        (IdKind::ForeignPermanentOld, "USA310085010103".into())
    );
}

#[test]
fn permits_by_hand_birth_and_sex_only_where_carried() {
    // Check characters by hand (weights 7 9 10 5 8 4 2 1 6 3 7 9 10 5 8 4 2, S mod 11).
    let hk = parse_id_text("81000019950312004X").unwrap().unwrap().id;
    assert_eq!(hk.kind, IdKind::HmtResidence);
    assert_eq!(hk.birth_date(), Some(jiff::civil::date(1995, 3, 12)));
    assert_eq!(hk.sex(), Some(crate::model::Sex::Female));
    let mo = parse_id_text("820000200107150033").unwrap().unwrap().id;
    assert_eq!(
        (mo.kind, mo.sex()),
        (IdKind::HmtResidence, Some(crate::model::Sex::Male))
    );
    let tw = parse_id_text("830000198811030010").unwrap().unwrap().id;
    assert_eq!(tw.birth_date(), Some(jiff::civil::date(1988, 11, 3)));
    // A residence permit's address code is 810000, 820000 or 830000.
    assert_eq!(
        parse_id_text("810100199001010022"),
        Err(IdError::Region("810100199001010022".into()))
    );
    let fp = parse_id_text("931156198506070018").unwrap().unwrap().id;
    assert_eq!(fp.kind, IdKind::ForeignPermanent);
    assert_eq!(fp.birth_date(), Some(jiff::civil::date(1985, 6, 7)));
    assert_eq!(fp.sex(), Some(crate::model::Sex::Male));
    assert_eq!(
        parse_id_text("931156198506070019"),
        Err(IdError::CheckChar("931156198506070019".into(), '8'))
    );
    for n in ["USA310085010103", "H12345678", "12345678", "E12345678"] {
        let id = parse_id_text(n).unwrap().unwrap().id;
        assert_eq!((id.birth_date(), id.sex()), (None, None), "{n}");
    }
}

#[test]
fn declared_documents() {
    let kind = |s: &str, k: IdKind| parse_id_as(s, k).map(|p| p.map(|p| (p.id.kind, p.id.number)));
    let some = |k: IdKind, n: &str| Ok(Some((k, n.to_string())));
    assert_eq!(
        kind("h1234 5678", IdKind::HkMacauPermit),
        some(IdKind::HkMacauPermit, "H12345678")
    );
    assert_eq!(
        kind("M1234567801", IdKind::HkMacauPermit),
        some(IdKind::HkMacauPermit, "M1234567801")
    );
    assert_eq!(
        kind("H1234567", IdKind::HkMacauPermit),
        Err(IdError::Kind("H1234567".into(), IdKind::HkMacauPermit))
    );
    assert_eq!(
        kind("12345678", IdKind::HkMacauPermit),
        Err(IdError::Kind("12345678".into(), IdKind::HkMacauPermit))
    );
    assert_eq!(
        kind("12345678", IdKind::TaiwanPermit),
        some(IdKind::TaiwanPermit, "12345678")
    );
    assert_eq!(
        kind("1234567", IdKind::TaiwanPermit),
        Err(IdError::Kind("1234567".into(), IdKind::TaiwanPermit))
    );
    // A declared passport may be digits only; it needs at least one digit.
    assert_eq!(
        kind("123456789", IdKind::Passport),
        some(IdKind::Passport, "123456789")
    );
    assert_eq!(
        kind("ABCDEFG", IdKind::Passport),
        Err(IdError::Kind("ABCDEFG".into(), IdKind::Passport))
    );
    assert_eq!(
        kind("USA310085010103", IdKind::ForeignPermanent),
        some(IdKind::ForeignPermanentOld, "USA310085010103")
    );
    assert_eq!(
        kind("931156198506070018", IdKind::ForeignPermanent),
        some(IdKind::ForeignPermanent, "931156198506070018")
    );
    assert_eq!(
        kind("81000019950312004X", IdKind::ForeignPermanent),
        Err(IdError::Kind(
            "81000019950312004X".into(),
            IdKind::ForeignPermanent
        ))
    );
    assert_eq!(
        kind("81000019950312004X", IdKind::HmtResidence),
        some(IdKind::HmtResidence, "81000019950312004X")
    );
    assert_eq!(
        kind("H12345678", IdKind::HmtResidence),
        Err(IdError::Kind("H12345678".into(), IdKind::HmtResidence))
    );
    // A resident ID declared: its own errors, and no other document.
    assert_eq!(
        kind("110105194912310021", IdKind::Citizen),
        Err(IdError::CheckChar("110105194912310021".into(), 'X'))
    );
    assert_eq!(
        kind("H12345678", IdKind::Citizen),
        Err(IdError::Kind("H12345678".into(), IdKind::Citizen))
    );
    assert_eq!(
        id_number_as(&Cell::Int(12345678), IdKind::TaiwanPermit).map(|p| p.map(|p| p.id.number)),
        Ok(Some("12345678".into()))
    );
    assert_eq!(
        IdError::Kind("H1234567".into(), IdKind::HkMacauPermit).zh(),
        "证件号码“H1234567”不符合港澳居民来往内地通行证的格式"
    );
    assert_eq!(id_kind_named("身份证"), Some(IdKind::Citizen));
    assert_eq!(
        id_kind_named("港澳台居民居住证"),
        Some(IdKind::HmtResidence)
    );
    assert_eq!(
        id_kind_named("臺灣居民來往大陸通行證"),
        Some(IdKind::TaiwanPermit)
    );
    assert_eq!(id_kind_named("回乡证"), Some(IdKind::HkMacauPermit));
    assert_eq!(
        id_kind_named("外国人永久居留身份证"),
        Some(IdKind::ForeignPermanent)
    );
}

#[test]
fn cells() {
    assert_eq!(id_number(&Cell::Empty), Ok(None));
    assert_eq!(
        id_number(&Cell::Float(410102199001011000.0)),
        Err(IdError::TypedAsNumber("410102199001011000".into()))
    );
    assert_eq!(
        id_number(&Cell::Int(41010219900101123)),
        Err(IdError::TypedAsNumber("41010219900101123".into()))
    );
    let p = id_number(&Cell::Float(110105491231002.0)).unwrap().unwrap();
    assert_eq!(p.id.number, "11010519491231002X");
    assert!(id_number(&Cell::Bool(true)).is_err());
}

#[test]
fn derived_birth_and_sex() {
    let id = parse_id_text("11010519491231002X").unwrap().unwrap().id;
    assert_eq!(id.birth_date(), Some(jiff::civil::date(1949, 12, 31)));
    assert_eq!(id.sex(), Some(crate::model::Sex::Female));
    let m = parse_id_text("440304199001010011").unwrap().unwrap().id;
    assert_eq!(m.sex(), Some(crate::model::Sex::Male));
    assert_eq!(parse_id_text("E12345678").unwrap().unwrap().id.sex(), None);
}

proptest! {
    // Regression seeds are kept next to this file, not in a top-level folder.
    #![proptest_config(ProptestConfig {
        failure_persistence: Some(Box::new(
            proptest::test_runner::FileFailurePersistence::WithSource("proptest-regressions"),
        )),
        ..ProptestConfig::default()
    })]
    #[test]
    fn check_char_round_trip(region in 11u32..=65, tail in 0u32..10000, y in 1900i16..2030, m in 1i8..=12, d in 1i8..=28, seq in 0u32..1000) {
        let first17 = format!("{region:02}{tail:04}{y:04}{m:02}{d:02}{seq:03}");
        let c = id_check_char(&first17).unwrap();
        let full = format!("{first17}{c}");
        let p = parse_id_text(&full).unwrap().unwrap();
        prop_assert_eq!(p.id.number, full.clone());
        // Any other check character is refused.
        for other in "0123456789X".chars().filter(|o| *o != c) {
            let bad = format!("{first17}{other}");
            prop_assert_eq!(parse_id_text(&bad), Err(IdError::CheckChar(bad.clone(), c)));
        }
    }

    #[test]
    fn upgrade_keeps_birth_and_sex(region in 11u32..=65, tail in 0u32..10000, yy in 0u32..100, m in 1u32..=12, d in 1u32..=28, seq in 0u32..1000) {
        let old = format!("{region:02}{tail:04}{yy:02}{m:02}{d:02}{seq:03}");
        let p = parse_id_text(&old).unwrap().unwrap();
        let up = p.id.number.clone();
        prop_assert_eq!(up.len(), 18);
        prop_assert_eq!(&up[..6], &old[..6]);
        prop_assert_eq!(&up[6..8], "19");
        prop_assert_eq!(&up[8..17], &old[6..15]);
        // The upgraded number passes the 18-digit check.
        prop_assert_eq!(parse_id_text(&up).unwrap().unwrap().id.number, up.clone());
        let sex = if seq % 2 == 1 { crate::model::Sex::Male } else { crate::model::Sex::Female };
        prop_assert_eq!(p.id.sex(), Some(sex));
    }
}
