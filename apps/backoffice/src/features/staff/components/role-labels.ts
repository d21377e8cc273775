import type { StaffAccount } from '@repo/contracts';

export const roleLabels: Record<StaffAccount['role'], string> = { staff: 'Staff (dispatcher)', admin: 'Administrator' };
