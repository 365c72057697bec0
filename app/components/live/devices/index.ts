export { DeviceCheck } from './DeviceCheck';
export { JOIN_DEVICES_KEY, mergeChoices, readJoinDevices, storeJoinDevices, type DeviceCheckProps, type DeviceChoice } from './choice';
