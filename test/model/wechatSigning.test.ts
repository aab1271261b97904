import { describe } from 'vitest';
import { wechatAgreementModel } from '../../machines/models/wechatSigning';
import { describeChartPaths } from './toolkit/describeChart';

describe('wechatAgreement chart paths', () => describeChartPaths(wechatAgreementModel));
