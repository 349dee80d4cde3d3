//! IEEE 754 binary16 conversions (round to nearest, ties to even).

/// The binary16 bit pattern nearest to `x` (ties to even); overflow gives an
/// infinity, NaN gives a quiet NaN with the sign kept.
pub(crate) fn f64_to_f16_bits(x: f64) -> u16 {
    let sign: u16 = if x.is_sign_negative() { 0x8000 } else { 0 };
    let a = x.abs();
    if a.is_nan() {
        return sign | 0x7e00;
    }
    // 65520 is halfway between the largest finite half (65504) and 2^16: it
    // and everything above round to infinity.
    if a >= 65520.0 {
        return sign | 0x7c00;
    }
    const MIN_NORMAL: f64 = 6.103_515_625e-5; // 2^-14
    if a < MIN_NORMAL {
        // Subnormal: multiples of 2^-24. Scaling by a power of two is exact,
        // and a result of 1024 is the bit pattern of the smallest normal.
        let q = (a * 16_777_216.0).round_ties_even();
        return sign | q as u16;
    }
    // An 11-bit exponent, unbiased: in -1023..=1024, so the saturating
    // operations below never saturate.
    let exp = (((a.to_bits() >> 52) & 0x7ff) as i32).saturating_sub(1023);
    let m = a / f64::powi(2.0, exp); // in [1, 2), exact
    let frac = ((m - 1.0) * 1024.0).round_ties_even() as u32; // exact scaling
    let (exp, frac) = if frac == 1024 {
        (exp.saturating_add(1), 0)
    } else {
        (exp, frac)
    };
    // exp + 15 <= 30 here: a < 65520 and rounding up to 65536 was excluded.
    sign | ((exp.saturating_add(15) as u16) << 10) | frac as u16
}

/// The value of a binary16 bit pattern.
pub(crate) fn f16_bits_to_f64(h: u16) -> f64 {
    let sign = if h & 0x8000 != 0 { -1.0 } else { 1.0 };
    let exp = i32::from((h >> 10) & 0x1f);
    let frac = f64::from(h & 0x3ff);
    match exp {
        0 => sign * frac * f64::powi(2.0, -24),
        31 if frac == 0.0 => sign * f64::INFINITY,
        31 => f64::NAN,
        // `exp` is in 1..=30 here.
        _ => sign * (1.0 + frac / 1024.0) * f64::powi(2.0, exp.saturating_sub(15)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_every_finite_half() {
        for h in 0..=0xffffu16 {
            let v = f16_bits_to_f64(h);
            if v.is_nan() {
                assert_eq!(f64_to_f16_bits(v) & 0x7e00, 0x7e00);
                continue;
            }
            assert_eq!(f64_to_f16_bits(v), h, "half {h:#06x} = {v}");
        }
    }

    #[test]
    fn rounds_to_nearest_even() {
        // 1 + 2^-11 is halfway between 1 and the next half: ties to even (1).
        assert_eq!(f64_to_f16_bits(1.0 + f64::powi(2.0, -11)), 0x3c00);
        // 1 + 3 * 2^-11 is halfway between 1+2^-10 (odd) and 1+2^-9: up.
        assert_eq!(f64_to_f16_bits(1.0 + 3.0 * f64::powi(2.0, -11)), 0x3c02);
        assert_eq!(f64_to_f16_bits(65504.0), 0x7bff);
        assert_eq!(f64_to_f16_bits(65519.0), 0x7bff);
        assert_eq!(f64_to_f16_bits(65520.0), 0x7c00);
        assert_eq!(f64_to_f16_bits(-2.0), 0xc000);
        assert_eq!(f64_to_f16_bits(f64::powi(2.0, -25)), 0x0000);
        assert_eq!(f64_to_f16_bits(3.0 * f64::powi(2.0, -25)), 0x0002);
        // Just below the smallest normal rounds up to it.
        assert_eq!(f64_to_f16_bits(6.1035e-5), 0x0400);
        assert_eq!(f64_to_f16_bits(6.1e-5), 0x03ff);
    }
}
