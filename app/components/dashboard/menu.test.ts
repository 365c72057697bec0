import { describe, expect, it } from 'vitest';
import { DEFAULT_TAB, dashboardMenusFor, defaultTabFor, menuOf, parseTab, tabHref } from './menu';

describe('dashboard menu', () => {
  it('defaults to the scheduled events menu and its ScheduleEvent tab (docs/PRODUCT.md, Rules: dashboard defaults)', () => {
    expect(DEFAULT_TAB).toBe('ScheduleEvent');
    expect(parseTab(null)).toBe('ScheduleEvent');
    expect(menuOf(parseTab(undefined)).key).toBe('scheduledEvents');
  });

  it('opens a member, who may not schedule, on their events; organizers on ScheduleEvent', () => {
    expect(parseTab(null, defaultTabFor(true))).toBe('ScheduleEvent');
    expect(parseTab(null, defaultTabFor(false))).toBe('MyEvents');
    expect(parseTab('nonsense', defaultTabFor(false))).toBe('MyEvents');
    expect(parseTab('Orders', defaultTabFor(false))).toBe('Orders');
  });

  it('reads ?tab= case-insensitively and ignores unknown tabs', () => {
    expect(parseTab('Security')).toBe('Security');
    expect(parseTab('security')).toBe('Security');
    expect(parseTab('<script>')).toBe('ScheduleEvent');
    expect(menuOf('Profile').key).toBe('account');
    expect(tabHref('Profile')).toBe('/userDashboard?tab=Profile');
  });

  it('puts ScheduleEvent and MyEvents under scheduled events, ScheduleEvent first', () => {
    expect(menuOf('MyEvents').key).toBe('scheduledEvents');
    expect(menuOf('MyEvents').tabs).toEqual(['ScheduleEvent', 'MyEvents', 'Analytics', 'EventAnalytics']);
    expect(parseTab('myevents')).toBe('MyEvents');
  });
});

describe('the menus a person is offered', () => {
  it('gives organizers every menu and tab', () => {
    expect(dashboardMenusFor(true, 'MyEvents').map((m) => m.key)).toEqual(['scheduledEvents', 'media', 'purchases', 'shop', 'account']);
    expect(dashboardMenusFor(true, 'MyEvents')[0]!.tabs).toEqual(['ScheduleEvent', 'MyEvents', 'Analytics']);
  });

  it('offers a member no scheduling and no shop, but keeps the tab a link opened', () => {
    const member = dashboardMenusFor(false, 'MyEvents');
    expect(member.map((m) => m.key)).toEqual(['scheduledEvents', 'media', 'purchases', 'account']);
    expect(member[0]!.tabs).toEqual(['MyEvents']);
    expect(dashboardMenusFor(false, 'ScheduleEvent')[0]!.tabs).toEqual(['ScheduleEvent', 'MyEvents']);
    // The range analytics are the organizers' and admins': a member is not offered them.
    expect(member[0]!.tabs).not.toContain('Analytics');
    expect(parseTab('analytics')).toBe('Analytics');
  });

  it('lists an event’s analytics only while it is open (it needs ?event=)', () => {
    expect(dashboardMenusFor(true, 'MyEvents')[0]!.tabs).not.toContain('EventAnalytics');
    expect(dashboardMenusFor(true, 'EventAnalytics')[0]!.tabs).toEqual(['ScheduleEvent', 'MyEvents', 'Analytics', 'EventAnalytics']);
    expect(parseTab('eventanalytics')).toBe('EventAnalytics');
  });

  it('offers the site menu (custom domains) to the tenant’s admins only', () => {
    expect(dashboardMenusFor(true, 'MyEvents', true).map((m) => m.key)).toEqual(['scheduledEvents', 'media', 'purchases', 'shop', 'site', 'account']);
    expect(dashboardMenusFor(true, 'MyEvents').map((m) => m.key)).not.toContain('site');
    expect(parseTab('domains')).toBe('Domains');
  });
});
