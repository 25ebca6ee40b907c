/** Somewhere a person can reach another person now. */
export interface CrisisResource {
  readonly name: string;
  readonly url: string;
  readonly phone?: string;
  /** Where it answers: a country or region, or `international`. */
  readonly region: string;
}

/**
 * The default resources: international directories that find a helpline in the reader's own
 * country, so a deployment that configures nothing still points everyone somewhere real.
 */
export const DEFAULT_CRISIS_RESOURCES: readonly CrisisResource[] = Object.freeze([
  {
    name: 'Find A Helpline — free, confidential crisis lines in over 130 countries',
    url: 'https://findahelpline.com',
    region: 'international',
  },
  {
    name: 'IASP directory of crisis centres',
    url: 'https://www.iasp.info/crisis-centres-helplines/',
    region: 'international',
  },
  {
    name: 'Befrienders Worldwide — emotional support helplines',
    url: 'https://befrienders.org',
    region: 'international',
  },
]);
