/** The event analytics feature's public surface (docs/decisions/0090-event-analytics.md; docs/ARCHITECTURE.md, Features). */
export { countActivity, flushAnalytics, noteOrderCaptured, notePollLaunched, notePresence, noteQuestionAnswered, noteRegistration, noteVideoPlayback } from './recorder.server';
export { analyticsEvent, analyticsTab, eventAnalytics } from './screen.server';
export { attendanceCsv, type AttendanceLabels } from './export.server';
export { mayReadRangeAnalytics, rangeAnalytics } from './range.server';
