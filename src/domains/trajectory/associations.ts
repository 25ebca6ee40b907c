/**
 * HealthKit's State of Mind associations, as hyphen slugs: what a feeling was about. Plain data
 * with no imports, so the portal's history page bundles the same list the server validates.
 */
export const ASSOCIATIONS = [
  'community',
  'current-events',
  'dating',
  'education',
  'family',
  'fitness',
  'friends',
  'health',
  'hobbies',
  'identity',
  'money',
  'partner',
  'self-care',
  'spirituality',
  'tasks',
  'travel',
  'weather',
  'work',
] as const;
export type Association = (typeof ASSOCIATIONS)[number];
export const MAX_ASSOCIATIONS = 5;
