import { bundleList } from './catalog';
import { createImg, offerLocking, partners } from './common';
import {
  checkInNet, checkIsRegistered, checMobilekVerificationCode, exit, modifyPwd, oauthToken,
  registerOrResetUser, sendMobileVerificationCode,
} from './auth';
import { userInfo } from './personal';

export * from './endpoint';
export * from './errors';

/** Every endpoint of the gateway; the server registers routes from this table, the client calls through it. */
export const endpoints = {
  bundleList, offerLocking, partners, createImg,
  sendMobileVerificationCode, checMobilekVerificationCode, checkInNet, checkIsRegistered, registerOrResetUser,
  modifyPwd, oauthToken, exit, userInfo,
} as const;

export type Endpoints = typeof endpoints;
export type EndpointId = keyof Endpoints;
