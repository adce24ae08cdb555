// The package's public API: the simulator for in-process use (server demo mode, tests) and its parts.
export {
  DeviceSimulator,
  GAME_MODULES,
  newTrx,
  type DeviceKind,
  type DeviceSimulatorOptions,
  type GameName,
  type LogLevel,
  type PinInfo,
  type SimulatorEvent,
  type SimulatorPhase,
} from './simulator.js';
export {
  DEFAULT_RETRY,
  GatewayClient,
  GatewayError,
  GatewayProtocolError,
  GatewayUnavailableError,
  StoppedError,
  type EventAnswer,
  type GatewayClientOptions,
  type RetryInfo,
  type RetryPolicy,
} from './gateway-client.js';
export {
  createRng,
  DEFAULT_WEIGHTS,
  EMPTY_MEMORY,
  nextEvent,
  rememberApplied,
  type PlaceBalance,
  type PlannedEvent,
  type PlayMemory,
  type Rng,
  type Weights,
} from './player.js';
export { bigDigits, renderPinBanner } from './pin-banner.js';
export { loadState, saveState, type SavedState } from './state-file.js';
export { describeEventType } from './event-names.js';
