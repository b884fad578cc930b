// The second half of the seeded random fault schedules, seeds 100000 apart from the first half's.
import { randomScheduleSuite } from './random-suite.js';

randomScheduleSuite(100_000);
