/**
 * Testing Library waits at most 1 s by default for what a screen shows after a chart's step. The unit and model files
 * run two at a time on CI's 2 cores, beside jsdom and React work: a busy second can pass. Waiting up to 5 s changes no
 * verdict (a screen that never shows the text still fails), only how long a failure takes to be reported.
 */
import { configure } from '@testing-library/dom';

configure({ asyncUtilTimeout: 5_000 });
