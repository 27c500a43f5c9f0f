//! Float-to-decimal conversion exactly as LLVM's `APFloat::toString`, so printed
//! floats match mlir-opt digit for digit (including its truncate-then-round quirk).

use crate::types::FloatKind;

/// A little-endian big unsigned integer, just what the conversion needs.
#[derive(Clone, Debug)]
struct BigUint(Vec<u32>);

impl BigUint {
    fn from_u64(v: u64) -> Self {
        let mut b = BigUint(vec![v as u32, (v >> 32) as u32]);
        b.trim();
        b
    }

    fn trim(&mut self) {
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
    }

    fn is_zero(&self) -> bool {
        self.0.is_empty()
    }

    fn active_bits(&self) -> u32 {
        match self.0.last() {
            Some(&top) => (self.0.len() as u32 - 1) * 32 + (32 - top.leading_zeros()),
            None => 0,
        }
    }

    fn mul_small(&mut self, m: u32) {
        let mut carry = 0u64;
        for limb in &mut self.0 {
            let v = u64::from(*limb) * u64::from(m) + carry;
            *limb = v as u32;
            carry = v >> 32;
        }
        if carry > 0 {
            self.0.push(carry as u32);
        }
    }

    fn shl(&mut self, bits: u32) {
        for _ in 0..bits / 32 {
            self.0.insert(0, 0);
        }
        let r = bits % 32;
        if r > 0 {
            let mut carry = 0u32;
            for limb in &mut self.0 {
                let v = (*limb << r) | carry;
                carry = *limb >> (32 - r);
                *limb = v;
            }
            if carry > 0 {
                self.0.push(carry);
            }
        }
        self.trim();
    }

    /// Divides in place, returning the remainder.
    fn div_small(&mut self, d: u32) -> u32 {
        let mut rem = 0u64;
        for limb in self.0.iter_mut().rev() {
            let v = (rem << 32) | u64::from(*limb);
            *limb = (v / u64::from(d)) as u32;
            rem = v % u64::from(d);
        }
        self.trim();
        rem as u32
    }
}

/// `APFloat::toString(precision, max_padding, truncate_zero)` for a finite value of
/// `kind` (held exactly in an `f64`). `precision == 0` means the format's natural precision.
pub fn to_string(
    v: f64,
    kind: FloatKind,
    precision: u32,
    max_padding: u32,
    truncate_zero: bool,
) -> String {
    let mut s = String::new();
    if v.is_sign_negative() {
        s.push('-');
    }
    let sem = kind.precision();
    let precision = if precision == 0 {
        2 + sem * 59 / 196
    } else {
        precision
    };
    if v == 0.0 {
        // APFloat prints zero specially: "0.000000e+00" / "0.0E+0"-style.
        s.push('0');
        if !truncate_zero {
            s.push('.');
            s.extend(std::iter::repeat_n('0', precision as usize));
            s.push_str("e+00");
        } else if max_padding == 0 {
            s.push_str(".0E+0");
        } else {
            s.push_str(".0");
        }
        return s;
    }
    let bits = v.to_bits();
    let raw_exp = ((bits >> 52) & 0x7ff) as i32;
    let frac = bits & ((1u64 << 52) - 1);
    let (mut mant, mut exp) = if raw_exp == 0 {
        (frac, -1074)
    } else {
        (frac | (1u64 << 52), raw_exp - 1075)
    };
    let tz = mant.trailing_zeros();
    mant >>= tz;
    exp += tz as i32;

    let mut sig = BigUint::from_u64(mant);
    if exp > 0 {
        sig.shl(exp as u32);
        exp = 0;
    } else if exp < 0 {
        for _ in 0..-exp {
            sig.mul_small(5);
        }
    }
    // Binary pre-truncation: drop whole decimal digits by division (truncating).
    let active = sig.active_bits();
    let bits_required = (precision * 196).div_ceil(59);
    if active > bits_required {
        let tens = (active - bits_required) * 59 / 196;
        for _ in 0..tens {
            sig.div_small(10);
        }
        exp += tens as i32;
    }
    // Digits, least significant first, without trailing zeros.
    let mut buffer: Vec<u8> = Vec::new();
    let mut in_trail = true;
    while !sig.is_zero() {
        let d = sig.div_small(10) as u8;
        if in_trail && d == 0 {
            exp += 1;
        } else {
            buffer.push(b'0' + d);
            in_trail = false;
        }
    }
    adjust_to_precision(&mut buffer, &mut exp, precision as usize);
    format_digits(&mut s, &buffer, exp, precision, max_padding, truncate_zero);
    s
}

/// Round half up to `precision` digits (the buffer is least significant first).
fn adjust_to_precision(buffer: &mut Vec<u8>, exp: &mut i32, precision: usize) {
    let n = buffer.len();
    if n <= precision {
        return;
    }
    let mut first = n - precision;
    if buffer[first - 1] < b'5' {
        while first < n && buffer[first] == b'0' {
            first += 1;
        }
        *exp += first as i32;
        buffer.drain(..first);
        return;
    }
    let start = first;
    for digit in &mut buffer[start..n] {
        if *digit == b'9' {
            first += 1;
        } else {
            *digit += 1;
            break;
        }
    }
    if first == n {
        *exp += first as i32;
        buffer.clear();
        buffer.push(b'1');
        return;
    }
    *exp += first as i32;
    buffer.drain(..first);
}

fn format_digits(
    s: &mut String,
    buffer: &[u8],
    mut exp: i32,
    precision: u32,
    max_padding: u32,
    truncate_zero: bool,
) {
    let n = buffer.len() as i32;
    let digit = |i: i32| buffer[(n - 1 - i) as usize] as char;
    let scientific = if max_padding == 0 {
        true
    } else if exp >= 0 {
        exp as u32 > max_padding || (n + exp) as u32 > precision
    } else {
        let msd = exp + n - 1;
        msd < 0 && (-msd) as u32 > max_padding
    };
    if scientific {
        exp += n - 1;
        s.push(digit(0));
        s.push('.');
        if n == 1 && truncate_zero {
            s.push('0');
        } else {
            for i in 1..n {
                s.push(digit(i));
            }
        }
        if !truncate_zero && precision as i32 > n - 1 {
            s.extend(std::iter::repeat_n(
                '0',
                (precision as i32 - n + 1) as usize,
            ));
        }
        s.push(if truncate_zero { 'E' } else { 'e' });
        s.push(if exp >= 0 { '+' } else { '-' });
        let e = exp.unsigned_abs().to_string();
        if !truncate_zero && e.len() < 2 {
            s.push('0');
        }
        s.push_str(&e);
        return;
    }
    if exp >= 0 {
        for i in 0..n {
            s.push(digit(i));
        }
        s.extend(std::iter::repeat_n('0', exp as usize));
        return;
    }
    let whole = exp + n;
    let mut i = 0;
    if whole > 0 {
        while i < whole {
            s.push(digit(i));
            i += 1;
        }
        s.push('.');
    } else {
        s.push_str("0.");
        s.extend(std::iter::repeat_n('0', (-whole) as usize));
    }
    while i < n {
        s.push(digit(i));
        i += 1;
    }
}

#[cfg(test)]
#[allow(clippy::approx_constant)] // upstream's printing of these exact literals is the point
mod tests {
    use super::*;

    #[test]
    fn matches_upstream_samples() {
        assert_eq!(to_string(1.0, FloatKind::F32, 6, 0, false), "1.000000e+00");
        assert_eq!(
            to_string(1.0e-7, FloatKind::F64, 6, 0, false),
            "9.999990e-08"
        );
        assert_eq!(
            to_string(1.0e-7, FloatKind::F64, 0, 3, true),
            "9.9999999999999995E-8"
        );
        assert_eq!(
            to_string(f64::from(0.3333333f32), FloatKind::F32, 0, 3, true),
            "0.333333313"
        );
        assert_eq!(
            to_string(3.14159265, FloatKind::F64, 0, 3, true),
            "3.1415926500000002"
        );
        assert_eq!(
            to_string(123456.789, FloatKind::F64, 0, 3, true),
            "123456.789"
        );
        assert_eq!(
            to_string(6.02214076e23, FloatKind::F64, 0, 3, true),
            "6.0221407599999999E+23"
        );
    }
}
