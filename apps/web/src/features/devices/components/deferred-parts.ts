// The parts of the devices screens that its first paint does not draw, each a chunk of its own (issue
// 31: the devices screen's initial JavaScript under 150 KB gzip): the four modals behind the toolbar's
// and a row's buttons, and the device's detail, which the wide screen's panel shows only once a row is
// chosen. the devices screen fetches them at idle (DEVICE_PARTS) once the screen is up, so a click opens them at once.
import type { ComponentProps } from 'react';
import { deferredPart } from '../../../components/ui/deferred-part';
import type * as Add from './add-device-modal';
import type * as Block from './block-modal';
import type * as Detail from './device-detail';
import type * as Edit from './edit-device-modal';
import type * as Remote from './remote-device-modal';

export const AddDeviceModal = /* @__PURE__ */ deferredPart<ComponentProps<typeof Add.AddDeviceModal>>(() =>
  import('./add-device-modal').then((module) => module.AddDeviceModal),
);
export const RemoteDeviceModal = /* @__PURE__ */ deferredPart<
  ComponentProps<typeof Remote.RemoteDeviceModal>
>(() => import('./remote-device-modal').then((module) => module.RemoteDeviceModal));
export const BlockModal = /* @__PURE__ */ deferredPart<ComponentProps<typeof Block.BlockModal>>(() =>
  import('./block-modal').then((module) => module.BlockModal),
);
export const EditDeviceModal = /* @__PURE__ */ deferredPart<ComponentProps<typeof Edit.EditDeviceModal>>(() =>
  import('./edit-device-modal').then((module) => module.EditDeviceModal),
);
export const DeviceDetailView = /* @__PURE__ */ deferredPart<ComponentProps<typeof Detail.DeviceDetailView>>(
  () => import('./device-detail').then((module) => module.DeviceDetailView),
);

/** Every part above, in the order the screen's idle moments fetch them (components/ui/deferred-part.tsx). */
export const DEVICE_PARTS = [
  DeviceDetailView,
  AddDeviceModal,
  RemoteDeviceModal,
  BlockModal,
  EditDeviceModal,
];
