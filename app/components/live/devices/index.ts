export { DeviceCheck, type DeviceCheckProps } from './DeviceCheck';
export { JOIN_DEVICES_KEY, mergeChoices, readJoinDevices, storeJoinDevices, type DeviceChoice } from './choice';
