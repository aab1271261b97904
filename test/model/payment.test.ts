import { describe } from 'vitest';
import { paymentModel } from '../../machines/models/payment';
import { describeChartPaths } from './toolkit/describeChart';

describe('payment chart paths', () => describeChartPaths(paymentModel));
