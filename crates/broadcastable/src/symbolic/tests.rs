use super::*;
use proptest::prelude::*;

fn names(s: u32) -> String {
    ["n", "m", "k", "b"]
        .get(s as usize)
        .map_or_else(|| format!("s{s}"), |n| (*n).to_owned())
}

#[test]
fn equal_expressions_are_one_size() {
    let mut t = SizeTable::new();
    let (n, _) = t.symbol();
    let (m, _) = t.symbol();
    let four = t.constant(4);
    let nm = t.product(&[n, m]).unwrap();
    let mn = t.product(&[m, n]).unwrap();
    assert_eq!(nm, mn);
    let nm4 = t.product(&[nm, four]).unwrap();
    let four_mn = t.product(&[four, m, n]).unwrap();
    assert_eq!(nm4, four_mn);
    let one = t.constant(1);
    assert_eq!(t.product(&[n, one]), Some(n));
    let zero = t.constant(0);
    assert_eq!(t.product(&[n, zero]), Some(zero));
    assert_eq!(t.sum(&[n, zero]), Some(n));
    let s1 = t.sum(&[n, four, m]).unwrap();
    let s2 = t.sum(&[m, n, four]).unwrap();
    assert_eq!(s1, s2);
    assert_eq!(t.render(s1, &names), "n+m+4");
    assert_eq!(t.render(nm4, &names), "n*m*4");
}

#[test]
fn products_overflowing_are_refused() {
    let mut t = SizeTable::new();
    let big = t.constant(i64::MAX);
    let two = t.constant(2);
    assert_eq!(t.product(&[big, two]), None);
    assert_eq!(t.sum(&[big, two]), None);
}

#[test]
fn joins_absorb_ones_and_constants() {
    let mut t = SizeTable::new();
    let (n, _) = t.symbol();
    let (m, _) = t.symbol();
    let one = t.constant(1);
    let four = t.constant(4);
    let five = t.constant(5);
    assert_eq!(t.join(&[n, one]), Ok(n));
    assert_eq!(t.join(&[n, n]), Ok(n));
    assert_eq!(t.join(&[n, four]), Ok(four));
    assert_eq!(t.join(&[one, one]), Ok(one));
    assert_eq!(t.join(&[four, five]), Err((4, 5)));
    let nm = t.join(&[n, m]).unwrap();
    assert_eq!(t.join(&[m, n]), Ok(nm));
    assert_eq!(t.join(&[nm, n]), Ok(nm));
    assert_eq!(t.render(nm, &names), "bcast(n, m)");
}

#[test]
fn obligations() {
    let mut t = SizeTable::new();
    let (n, _) = t.symbol();
    let (m, _) = t.symbol();
    let (k, _) = t.symbol();
    let one = t.constant(1);
    let four = t.constant(4);
    let five = t.constant(5);
    assert_eq!(t.obligation(n, n), Obligation::Holds);
    assert_eq!(t.obligation(n, one), Obligation::Holds);
    assert_eq!(t.obligation(four, four), Obligation::Holds);
    assert_eq!(t.obligation(four, five), Obligation::Fails(4, 5));
    assert_eq!(t.obligation(n, m), Obligation::Open);
    assert_eq!(t.obligation(n, four), Obligation::Open);
    // Once `n` and `m` were checked, each broadcasts with their common size.
    let nm = t.join(&[n, m]).unwrap();
    assert_eq!(t.obligation(n, nm), Obligation::Holds);
    assert_eq!(t.obligation(nm, m), Obligation::Holds);
    let nmk = t.join(&[nm, k]).unwrap();
    assert_eq!(t.obligation(nm, nmk), Obligation::Holds);
    // Two joins that share a member need not agree: n = 1, m = 3, k = 5.
    let nk = t.join(&[n, k]).unwrap();
    assert_eq!(t.obligation(nm, nk), Obligation::Open);
    assert_eq!(t.obligation(k, nm), Obligation::Open);
    // Covering is one way: the common size covers its members, not the reverse.
    assert!(t.covers(nm, n) && t.covers(nmk, nm) && t.covers(n, one));
    assert!(!t.covers(n, nm) && !t.covers(nm, nk) && !t.covers(one, n));
}

#[test]
fn large_expressions_become_symbols() {
    let mut t = SizeTable::new();
    let syms: Vec<SizeId> = (0..=MAX_TERMS).map(|_| t.symbol().0).collect();
    let p = t.product(&syms).unwrap();
    assert!(matches!(t.expr(p), SizeExpr::Symbol(_)));
    let mut deep = syms[0];
    for &s in syms.iter().cycle().take(4 * MAX_DEPTH as usize) {
        deep = t.sum(&[deep, s]).unwrap();
        deep = t.product(&[deep, s]).unwrap();
    }
    assert!(t.depth(deep) <= MAX_DEPTH);
    assert!(t.render(deep, &names).len() <= MAX_RENDER + 64);
}

/// A size's value under an assignment of its symbols, or `None` when a join's
/// members do not broadcast (the check would have failed).
fn eval(t: &SizeTable, id: SizeId, env: &[i64]) -> Option<i64> {
    Some(match t.expr(id) {
        SizeExpr::Const(c) => *c,
        SizeExpr::Symbol(s) => *env.get(*s as usize)?,
        SizeExpr::Product(terms) => terms
            .iter()
            .try_fold(1i64, |a, &x| a.checked_mul(eval(t, x, env)?))?,
        SizeExpr::Sum(terms) => terms
            .iter()
            .try_fold(0i64, |a, &x| a.checked_add(eval(t, x, env)?))?,
        SizeExpr::Join(terms) => {
            let mut common = 1;
            for &x in terms {
                match eval(t, x, env)? {
                    1 => {}
                    v if common == 1 || common == v => common = v,
                    _ => return None,
                }
            }
            common
        }
    })
}

#[derive(Clone, Debug)]
enum Build {
    Sym(u8),
    Const(i64),
    Product(u8, u8),
    Sum(u8, u8),
    Join(u8, u8),
}

fn build() -> impl Strategy<Value = Build> {
    prop_oneof![
        (0u8..3).prop_map(Build::Sym),
        (1i64..4).prop_map(Build::Const),
        (any::<u8>(), any::<u8>()).prop_map(|(a, b)| Build::Product(a, b)),
        (any::<u8>(), any::<u8>()).prop_map(|(a, b)| Build::Sum(a, b)),
        (any::<u8>(), any::<u8>()).prop_map(|(a, b)| Build::Join(a, b)),
    ]
}

proptest! {
    /// Soundness: whatever the symbols are at run time (as long as every join's
    /// check passed), equal ids have equal values and an obligation that
    /// `Holds` holds.
    #[test]
    fn proofs_hold_for_every_assignment(
        steps in proptest::collection::vec(build(), 1..24),
        env in proptest::collection::vec(1i64..4, 3),
    ) {
        let mut t = SizeTable::new();
        let syms: Vec<SizeId> = (0..3).map(|_| t.symbol().0).collect();
        let mut made = syms.clone();
        for step in steps {
            let pick = |i: u8| made[usize::from(i) % made.len()];
            let id = match step {
                Build::Sym(s) => syms[usize::from(s)],
                Build::Const(c) => t.constant(c),
                Build::Product(a, b) => t.product(&[pick(a), pick(b)]).unwrap(),
                Build::Sum(a, b) => t.sum(&[pick(a), pick(b)]).unwrap(),
                Build::Join(a, b) => match t.join(&[pick(a), pick(b)]) {
                    Ok(id) => id,
                    Err(_) => continue,
                },
            };
            made.push(id);
        }
        for &a in &made {
            for &b in &made {
                let (Some(x), Some(y)) = (eval(&t, a, &env), eval(&t, b, &env)) else { continue };
                if a == b {
                    prop_assert_eq!(x, y);
                }
                if t.covers(a, b) {
                    prop_assert!(y == x || y == 1, "{} does not cover {}", x, y);
                }
                match t.obligation(a, b) {
                    Obligation::Holds => prop_assert!(x == y || x == 1 || y == 1, "{} vs {}", x, y),
                    Obligation::Fails(..) => prop_assert!(x != y && x != 1 && y != 1),
                    Obligation::Open => {}
                }
            }
        }
    }
}
