import { serviceTestConfig } from '@repo/service-kit/vitest-config';

export default serviceTestConfig();
