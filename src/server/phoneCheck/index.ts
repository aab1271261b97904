/**
 * The phone check (issue 18, /phone-detection): brand, model and IMEI answered from the device table (the `devices`
 * data set, by TAC) and the device registry (locked, blocked; a sandbox list, decision 0038).
 */
export { checkPhone } from './check';
export { SANDBOX_DEVICE_STATUS, sandboxDeviceStatus, type DeviceStatus, type DeviceStatusSource } from './deviceStatus';
export { phoneCheckRoutes } from './routes';
