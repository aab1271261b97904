import { describe } from 'vitest';
import { activationModel } from '../../machines/models/activation';
import { describeChartPaths } from './toolkit/describeChart';

describe('activation chart paths', () => describeChartPaths(activationModel));
