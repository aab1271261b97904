import { describe } from 'vitest';
import { activationModel } from './models/activation';
import { describeChartPaths } from './toolkit/describeChart';

describe('activation chart paths', () => describeChartPaths(activationModel));
