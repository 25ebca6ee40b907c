import { PARTNER_ROUTES } from '../../src/app.ts';
import { runCommonPartnerTests } from '../helpers/partner-cases.ts';
import { PROBES } from '../helpers/probe.ts';

runCommonPartnerTests(PARTNER_ROUTES, PROBES);
