//! RFC 5952 §4: the canonical text form of an IPv6 address.

/// The eight 16-bit pieces of a valid `IPv6address` (RFC 3986 §3.2.2), or
/// `None` if `s` is not one.
///
/// ```
/// use uriscope_core::host::ipv6_pieces as pieces;
/// assert_eq!(pieces("2001:db8::1"), Some([0x2001, 0xdb8, 0, 0, 0, 0, 0, 1]));
/// assert_eq!(pieces("::ffff:192.0.2.1"), Some([0, 0, 0, 0, 0, 0xffff, 0xc000, 0x0201]));
/// assert_eq!(pieces("1::2::3"), None);
/// ```
#[must_use]
pub fn pieces(s: &str) -> Option<[u16; 8]> {
    let (head, tail) = match s.find("::") {
        Some(k) => (&s[..k], Some(&s[k + 2..])),
        None => (s, None),
    };
    let mut front = Vec::with_capacity(8);
    let mut back = Vec::with_capacity(8);
    read_groups(head, &mut front)?;
    if let Some(t) = tail {
        read_groups(t, &mut back)?;
    }
    let n = front.len() + back.len();
    let mut out = [0u16; 8];
    match tail {
        None if n == 8 => out.copy_from_slice(&front),
        Some(_) if n <= 7 => {
            out[..front.len()].copy_from_slice(&front);
            out[8 - back.len()..].copy_from_slice(&back);
        }
        _ => return None,
    }
    Some(out)
}

/// Read `h16` groups separated by `:`, the last possibly a dotted IPv4 address.
fn read_groups(s: &str, out: &mut Vec<u16>) -> Option<()> {
    if s.is_empty() {
        return Some(());
    }
    let parts: Vec<&str> = s.split(':').collect();
    for (k, p) in parts.iter().enumerate() {
        if k + 1 == parts.len() && p.contains('.') {
            if !crate::syntax::host::is_ipv4(p.as_bytes()) {
                return None;
            }
            let mut o = [0u8; 4];
            for (slot, d) in o.iter_mut().zip(p.split('.')) {
                *slot = d.parse().ok()?;
            }
            out.push(u16::from_be_bytes([o[0], o[1]]));
            out.push(u16::from_be_bytes([o[2], o[3]]));
        } else {
            if p.is_empty() || p.len() > 4 {
                return None;
            }
            out.push(u16::from_str_radix(p, 16).ok()?);
        }
        if out.len() > 8 {
            return None;
        }
    }
    Some(())
}

/// RFC 5952 §4 text: no leading zeros (§4.1), the longest run of two or more
/// zero pieces shortened to `::`, the first on a tie (§4.2), lowercase (§4.3);
/// IPv4-mapped addresses (`::ffff:0:0/96`) in mixed notation (§5).
///
/// ```
/// use uriscope_core::host::ipv6_canonical as canonical;
/// assert_eq!(canonical("2001:0DB8:0:0:0:0:0:0001").as_deref(), Some("2001:db8::1"));
/// assert_eq!(canonical("2001:db8:0:1:1:1:1:1").as_deref(), Some("2001:db8:0:1:1:1:1:1"));
/// assert_eq!(canonical("2001:0:0:1:0:0:0:1").as_deref(), Some("2001:0:0:1::1"));
/// assert_eq!(canonical("::FFFF:c000:0201").as_deref(), Some("::ffff:192.0.2.1"));
/// ```
#[must_use]
pub fn canonical(s: &str) -> Option<String> {
    let p = pieces(s)?;
    let mut out = String::with_capacity(39);
    if p[..5] == [0; 5] && p[5] == 0xffff {
        let [a, b] = p[6].to_be_bytes();
        let [c, d] = p[7].to_be_bytes();
        out.push_str(&format!("::ffff:{a}.{b}.{c}.{d}"));
        return Some(out);
    }
    // Longest run of zero pieces, length >= 2, first on a tie.
    let (mut best, mut best_len) = (8, 0);
    let mut k = 0;
    while k < 8 {
        if p[k] == 0 {
            let start = k;
            while k < 8 && p[k] == 0 {
                k += 1;
            }
            if k - start > best_len {
                best = start;
                best_len = k - start;
            }
        } else {
            k += 1;
        }
    }
    if best_len < 2 {
        best = 8;
    }
    let mut k = 0;
    while k < 8 {
        if k == best {
            out.push_str("::");
            k += best_len;
            continue;
        }
        if k > 0 && k != best + best_len {
            out.push(':');
        }
        out.push_str(&format!("{:x}", p[k]));
        k += 1;
    }
    Some(out)
}
