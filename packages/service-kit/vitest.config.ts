import { serviceTestConfig } from './src/testing/vitest-config.js';

export default serviceTestConfig();
