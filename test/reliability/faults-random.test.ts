// The first half of the seeded random fault schedules (random-suite.ts says what they assert).
import { randomScheduleSuite } from './random-suite.js';

randomScheduleSuite(0);
