import { NUMBER_ABBREVIATIONS } from '../../shared/constants';

/** 1234 -> "1.2k", 5600000 -> "5.6M" (SPEC section 9: k, M, G, T, P, E). */
export function abbreviateNumber(value: number, digits = 1): string {
  const sign = value < 0 ? '-' : '';
  let rest = Math.abs(value);
  if (rest < 1000) return `${sign}${rest}`;
  let index = -1;
  while (rest >= 1000 && index < NUMBER_ABBREVIATIONS.length - 1) {
    rest /= 1000;
    index += 1;
  }
  const text = rest
    .toFixed(digits)
    .replace(/\.0+$/, '')
    .replace(/(\.\d*?)0+$/, '$1');
  return `${sign}${text}${NUMBER_ABBREVIATIONS[index]}`;
}
