/**
 * The sentence every oracle, analysis and collective response carries (contract §7). It must keep
 * the words "philosophical exploration".
 */
export const DISCLAIMER = 'For philosophical exploration only. Not advice of any kind.';
