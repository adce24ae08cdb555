// The support widget's public entry.
export { SupportWidget } from './support-widget';
