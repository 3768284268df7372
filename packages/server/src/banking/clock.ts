import { viennaToday } from '../commands/viennaToday'

/**
 * The day bank accesses are judged on (expiry, reminders). One place to turn the clock for tests that prove an access
 * expires on its day; nothing else sets it.
 */
export const bankingClock = { today: (): string => viennaToday() }
