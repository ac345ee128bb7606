//! Checks of `[accommodation]`: covered roles, hotels and rooms, the standard stay, and the
//! arrangement of teams without a room request.

use super::{Found, root, unique};
use crate::event::RawEvent as Event;

/// The `[accommodation]` checks.
pub(super) fn check(ev: &Event, f: &mut Found) {
    let Some(acc) = &ev.accommodation else {
        return;
    };
    let p = root("accommodation");
    // Staff (随队人员) are never official members, whose board the organizers cover.
    let roles = acc.covered.as_ref().map_or(&[][..], |c| &c.roles[..]);
    if let Some(i) = roles.iter().position(|r| *r == crate::event::Role::Staff) {
        f.fail(
            p.key("covered").key("roles").index(i),
            "随队人员不是正选人员，组委会承担的食宿只及于领队、教练、运动员",
            "staff are not official members: covered roles are leader, coach and player",
        );
    }
    f.note(unique(acc.hotels.iter().map(|h| h.id.as_str()), |i| {
        p.key("hotels").index(i).key("id")
    }));
    for (i, h) in acc.hotels.iter().enumerate() {
        let hp = p.key("hotels").index(i);
        f.note(unique(h.rooms.iter().map(|r| r.id.as_str()), |j| {
            hp.key("rooms").index(j).key("id")
        }));
        for (j, r) in h.rooms.iter().enumerate() {
            let rp = hp.key("rooms").index(j);
            if r.persons == 0 {
                f.fail(rp.key("persons"), "每间人数须大于 0", "persons must be > 0");
            } else if let (Some(stated), Some(stay)) = (r.stated_room_total, &acc.standard_stay) {
                let computed = r.rate * i64::from(r.persons) * i64::from(stay.days);
                if computed != stated {
                    f.fail(
                        rp.key("stated_room_total_yuan"),
                        &format!(
                            "每间合计 {stated} 元与 {} 元 × {} 人 × {} 天 = {computed} 元不符",
                            r.rate, r.persons, stay.days
                        ),
                        "the stated room total does not match rate × persons × days",
                    );
                }
            }
        }
    }
    if let Some(s) = &acc.standard_stay {
        let ok = acc
            .hotel(&s.hotel)
            .is_some_and(|h| h.room(&s.room).is_some());
        if !ok {
            f.fail(
                p.key("standard_stay").key("room"),
                &format!("没有酒店 {:?} 的房型 {:?}", s.hotel, s.room),
                "no such hotel and room",
            );
        }
    }
    if acc.without_request.value == Some(crate::event::WithoutRequest::Standard)
        && !acc.hotels.iter().any(|h| !h.rooms.is_empty())
    {
        f.fail(
            p.key("without_request"),
            "without_request = \"standard\" 需要至少一家酒店及其房型（accommodation.hotels）作为标准安排",
            "without_request = \"standard\" needs a hotel with rooms (accommodation.hotels) to book",
        );
    }
}
