// Every catalogue, bundled: a cashier's screen must not wait for a translation file.
// A feature adds its namespace here in all three languages (a test checks the key sets match).
import enAuth from './locales/en/auth.json';
import enCash from './locales/en/cash.json';
import enCommon from './locales/en/common.json';
import enDevices from './locales/en/devices.json';
import enErrors from './locales/en/errors.json';
import enNavigation from './locales/en/navigation.json';
import enLock from './locales/en/lock.json';
import enMaintenance from './locales/en/maintenance.json';
import enGetClient from './locales/en/get-client.json';
import enSupport from './locales/en/support.json';
import enHistory from './locales/en/history.json';
import enReport from './locales/en/report.json';
import enStatistic from './locales/en/statistic.json';
import esAuth from './locales/es/auth.json';
import esCash from './locales/es/cash.json';
import esCommon from './locales/es/common.json';
import esDevices from './locales/es/devices.json';
import esErrors from './locales/es/errors.json';
import esNavigation from './locales/es/navigation.json';
import esLock from './locales/es/lock.json';
import esMaintenance from './locales/es/maintenance.json';
import esGetClient from './locales/es/get-client.json';
import esSupport from './locales/es/support.json';
import esHistory from './locales/es/history.json';
import esReport from './locales/es/report.json';
import esStatistic from './locales/es/statistic.json';
import ptAuth from './locales/pt/auth.json';
import ptCash from './locales/pt/cash.json';
import ptCommon from './locales/pt/common.json';
import ptDevices from './locales/pt/devices.json';
import ptErrors from './locales/pt/errors.json';
import ptNavigation from './locales/pt/navigation.json';
import ptLock from './locales/pt/lock.json';
import ptMaintenance from './locales/pt/maintenance.json';
import ptGetClient from './locales/pt/get-client.json';
import ptSupport from './locales/pt/support.json';
import ptHistory from './locales/pt/history.json';
import ptReport from './locales/pt/report.json';
import ptStatistic from './locales/pt/statistic.json';

export const NAMESPACES = [
  'common',
  'errors',
  'auth',
  'navigation',
  'devices',
  'cash',
  'lock',
  'maintenance',
  'getClient',
  'support',
  'report',
  'history',
  'statistic',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

export const resources = {
  en: {
    common: enCommon,
    errors: enErrors,
    auth: enAuth,
    navigation: enNavigation,
    devices: enDevices,
    cash: enCash,
    lock: enLock,
    maintenance: enMaintenance,
    getClient: enGetClient,
    support: enSupport,
    report: enReport,
    history: enHistory,
    statistic: enStatistic,
  },
  es: {
    common: esCommon,
    errors: esErrors,
    auth: esAuth,
    navigation: esNavigation,
    devices: esDevices,
    cash: esCash,
    lock: esLock,
    maintenance: esMaintenance,
    getClient: esGetClient,
    support: esSupport,
    report: esReport,
    history: esHistory,
    statistic: esStatistic,
  },
  pt: {
    common: ptCommon,
    errors: ptErrors,
    auth: ptAuth,
    navigation: ptNavigation,
    devices: ptDevices,
    cash: ptCash,
    lock: ptLock,
    maintenance: ptMaintenance,
    getClient: ptGetClient,
    support: ptSupport,
    report: ptReport,
    history: ptHistory,
    statistic: ptStatistic,
  },
} as const;
