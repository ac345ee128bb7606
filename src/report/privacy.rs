//! Personal data on published documents (issue 45, 隐私脱敏): a resident ID number prints in
//! full only on the documents kept by the organizers (`roster.xlsx`, `eligibility.xlsx`, the
//! prize sign-for sheet the recipient signs) and in a team's packet for the team's own people;
//! everywhere else it is masked as `110105********1234` (first six, last four). With
//! `[privacy] mask_phones = true` in `event.toml`, mobile numbers are masked as `138****0123`
//! in the team packets too.

/// `id` as published: an 18-character ID number (or a 15-digit old one) keeps its first six
/// and last four characters, the rest become `*`; any other text (a passport number, an empty
/// cell) is returned as it is.
///
/// ```
/// use bianpai::report::privacy::mask_id;
/// assert_eq!(mask_id("110105199003071234"), "110105********1234");
/// assert_eq!(mask_id("11010519900307123X"), "110105********123X");
/// assert_eq!(mask_id("110105900307123"), "110105*****7123");
/// assert_eq!(mask_id("E12345678"), "E12345678");
/// ```
pub fn mask_id(id: &str) -> String {
    if !is_id_number(id) {
        return id.to_string();
    }
    let n = id.len();
    id.char_indices()
        .map(|(i, c)| if i < 6 || i + 4 >= n { c } else { '*' })
        .collect()
}

/// Whether `s` reads as a resident ID number: 17 digits and a check character (digit or `X`),
/// or an old 15-digit number.
fn is_id_number(s: &str) -> bool {
    let b = s.as_bytes();
    match b.len() {
        18 => {
            b[..17].iter().all(u8::is_ascii_digit)
                && (b[17].is_ascii_digit() || b[17] == b'X' || b[17] == b'x')
        }
        15 => b.iter().all(u8::is_ascii_digit),
        _ => false,
    }
}

/// `text` with every mobile number in it (eleven digits starting `1[3-9]`, not part of a longer
/// run of digits) masked as `138****0123`.
///
/// ```
/// use bianpai::report::privacy::mask_phones;
/// assert_eq!(mask_phones("联系电话：13800000123。"), "联系电话：138****0123。");
/// // An ID number is not a phone number.
/// assert_eq!(mask_phones("110105199003071234"), "110105199003071234");
/// ```
pub fn mask_phones(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let run = chars[i..].iter().take_while(|c| c.is_ascii_digit()).count();
        if run == 0 {
            out.push(chars[i]);
            i += 1;
            continue;
        }
        let digits = &chars[i..i + run];
        let mobile = run == 11 && digits[0] == '1' && ('3'..='9').contains(&digits[1]);
        for (k, c) in digits.iter().enumerate() {
            out.push(if mobile && (3..7).contains(&k) {
                '*'
            } else {
                *c
            });
        }
        i += run;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks_keep_six_and_four() {
        assert_eq!(mask_id("340103201905122613"), "340103********2613");
        assert_eq!(mask_id(""), "");
        assert_eq!(mask_id("3401032019051226"), "3401032019051226");
        assert_eq!(
            mask_phones("家长电话13912345678，13800000123"),
            "家长电话139****5678，138****0123"
        );
        // Twelve digits, or eleven not starting 13-19: not a mobile number.
        assert_eq!(mask_phones("123456789012"), "123456789012");
        assert_eq!(mask_phones("12012345678"), "12012345678");
    }
}
