/**
 * Event-hours paging (docs/decisions/0092): a page goes out only while an event is live; out of
 * event hours the same condition notifies the warn topic. A "page" alarm of alarms.ts carries no
 * action of its own; two composite alarms route it, one to the page topic while the event-hours
 * gate is in ALARM, one to the warn topic while it is not.
 *
 * The gate: some app instance had chat sockets joined (live_audience_sockets, the README's
 * "event hours") in any minute of the last EVENT_HOURS_WINDOW_MINUTES. The window keeps the gate
 * open through the failures that drop the audience themselves (the app crashing closes every
 * socket), and while no instance reports at all the gate keeps its state (treat missing data:
 * ignore), so a platform that dies mid-event still pages.
 */
import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as sns from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import { METRICS_JOB, METRICS_NAMESPACE } from './metricsAgent';

/** Minutes after the last audience during which pages still go out. */
export const EVENT_HOURS_WINDOW_MINUTES = 30;

export interface EventHoursProps {
  page: sns.ITopic;
  warn: sns.ITopic;
  /** Prefix of every alarm name (alarms.ts: "platform-"). */
  namePrefix: string;
}

export class EventHours extends Construct {
  /** In ALARM during event hours; no actions of its own. */
  readonly gate: cloudwatch.Alarm;
  private readonly props: EventHoursProps;

  constructor(scope: Construct, id: string, props: EventHoursProps) {
    super(scope, id);
    this.props = props;
    this.gate = new cloudwatch.Alarm(this, 'Gate', {
      alarmName: `${props.namePrefix}event-hours`,
      alarmDescription: `Event hours: an event had an audience in the last ${EVENT_HOURS_WINDOW_MINUTES} min (max live_audience_sockets > 0). Routes the paging alarms; notifies no one itself.`,
      metric: new cloudwatch.Metric({
        namespace: METRICS_NAMESPACE,
        metricName: 'live_audience_sockets',
        dimensionsMap: { job: METRICS_JOB },
        statistic: 'Maximum',
        period: Duration.minutes(1),
      }),
      threshold: 0,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: EVENT_HOURS_WINDOW_MINUTES,
      datapointsToAlarm: 1,
      treatMissingData: cloudwatch.TreatMissingData.IGNORE,
    });
  }

  /**
   * Routes `alarm` (named `name` without the prefix): `<name>-page` to the page topic in event
   * hours, `<name>-off-hours` to the warn topic otherwise. Exactly one of the two is in ALARM
   * while `alarm` is; an event starting during an alarm moves it from the warn to the page.
   */
  route(name: string, alarm: cloudwatch.IAlarm): { page: cloudwatch.CompositeAlarm; offHours: cloudwatch.CompositeAlarm } {
    const firing = cloudwatch.AlarmRule.fromAlarm(alarm, cloudwatch.AlarmState.ALARM);
    const live = cloudwatch.AlarmRule.fromAlarm(this.gate, cloudwatch.AlarmState.ALARM);
    const page = new cloudwatch.CompositeAlarm(this, `${name}-page`, {
      compositeAlarmName: `${this.props.namePrefix}${name}-page`,
      alarmDescription: `${name} during event hours: page`,
      alarmRule: cloudwatch.AlarmRule.allOf(firing, live),
    });
    page.addAlarmAction(new actions.SnsAction(this.props.page));
    const offHours = new cloudwatch.CompositeAlarm(this, `${name}-off-hours`, {
      compositeAlarmName: `${this.props.namePrefix}${name}-off-hours`,
      alarmDescription: `${name} outside event hours: warn, no page`,
      alarmRule: cloudwatch.AlarmRule.allOf(firing, cloudwatch.AlarmRule.not(live)),
    });
    offHours.addAlarmAction(new actions.SnsAction(this.props.warn));
    return { page, offHours };
  }
}
