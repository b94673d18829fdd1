import type { SampleCatalogue } from './catalogue.ts';

const PDF = 'application/pdf';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const PNG = 'image/png';
const JPEG = 'image/jpeg';

export const catalogueEn: SampleCatalogue = {
  language: 'en',
  honorific: '',
  me: { name: 'Alex Morgan', short: 'Alex', email: 'alex.morgan@example.com' },
  people: [
    { name: 'Emily Carter', short: 'Emily', avatar: true },
    { name: 'Daniel Kim', short: 'Daniel' },
    { name: 'Priya Patel', short: 'Priya', avatar: true },
    { name: 'Marcus Johnson', short: 'Marcus' },
    { name: 'Sofia Rossi', short: 'Sofia' },
    { name: 'Kenji Watanabe', short: 'Kenji', avatar: true },
    { name: 'Olivia Bennett', short: 'Olivia' },
    { name: "Liam O'Connor", short: 'Liam' },
    { name: 'Hannah Schmidt', short: 'Hannah', avatar: true },
    { name: 'Noah Williams', short: 'Noah' },
    { name: 'Aisha Rahman', short: 'Aisha' },
    { name: 'Tom Becker', short: 'Tom' },
  ],
  projects: [
    'the Atlas launch',
    'the partner portal',
    'the Q3 pricing update',
    'mobile app 2.4',
    'the website refresh',
  ],
  clients: ['Harbor Logistics', 'Greenfield Foods', 'Summit Bank', 'Bluewave Travel'],
  chatwork: {
    accounts: [
      {
        organization: 'Northwind Trading',
        groupRooms: [
          'Atlas Launch',
          'Sales Team',
          'Engineering - Backend',
          'All Staff',
          'Client: Harbor Logistics',
        ],
      },
      {
        organization: 'Bluebird Consulting',
        groupRooms: ['Bluebird Core Team', 'Website Refresh', 'Finance & Admin', 'Partners Lounge'],
      },
    ],
    texts: {
      mention: [
        {
          text: (c) =>
            `Could you review the draft proposal for ${c.client} by tomorrow noon? I've left comments on sections 3 and 4, mostly about the pricing assumptions.`,
          tags: ['review', 'client'],
        },
        {
          text: (c) =>
            `The meeting with ${c.client} has moved to Thursday at 3pm. Can you join? I'll send the invite once you confirm.`,
          tags: ['meeting'],
        },
        {
          text: (c) =>
            `Quick update on the ${c.project}: QA found two blockers in the checkout flow (a payment timeout and a currency rounding issue). Engineering expects fixes by Wednesday. Could you let the client know the demo may slip by a day? I'd rather tell them early than late.`,
          tags: ['urgent', 'client'],
        },
        {
          text: () =>
            `The nightly export failed again. Here's the log:\n[code]ERROR ExportJob: connection reset by peer\n    at ExportJob.run (export.ts:88)\n    retry 3/3 failed, giving up[/code]\nCan you check whether the database credentials were rotated?`,
          tags: ['urgent'],
        },
        {
          text: (c) =>
            `${c.quote('Can we lock the launch date by Friday?', 95)}\nI think we can, as long as legal signs off on the new terms. Could you confirm with them?`,
          tags: ['follow-up'],
        },
        {
          text: (c) =>
            `[info][title]Action items from today's sync[/title]1. Update the pricing sheet (${c.me})\n2. Share the revised timeline with ${c.client} (${c.other.short})\n3. Book the venue for the kickoff (me)[/info]\nPlease take a look at item 1 when you have a moment.`,
          tags: ['meeting'],
        },
        {
          text: (c) =>
            `Please welcome [piconname:${c.other.id}] to the team! Could you give them access to the shared drive and the sales dashboard?`,
        },
        {
          text: () =>
            `Attached is the updated budget spreadsheet. Could you double-check the travel line before I send it to finance?`,
          file: { name: 'budget-q4-draft.xlsx', size: 48_213, mimetype: XLSX },
          tags: ['review'],
        },
        {
          text: () => `Here's the new banner mockup. Does the headline read well to you?`,
          file: { name: 'banner-mockup-v3.png', size: 734_002, mimetype: PNG },
          tags: ['review'],
        },
        {
          text: (c) =>
            `Could you two sync on the ${c.project} handover before Friday? ${c.other.short} has the latest status.`,
          alsoTo: true,
          tags: ['follow-up'],
        },
        { text: () => `Are you OK with moving our weekly to 10am?`, tags: ['meeting'] },
        {
          text: (c) =>
            `${c.client} just signed the renewal for another two years![hr]Thanks for all the work on the pricing discussion, it made the difference.`,
          tags: ['client', 'done'],
        },
      ],
      reply: [
        { text: () => `Thanks, that works for me. I'll update the slides and send them over tonight.` },
        { text: () => `Got it. I've added it to the agenda for Monday.`, tags: ['meeting'] },
        {
          text: () =>
            `Yes, the invoice went out yesterday. The client said payment will be made at the end of the month.`,
          tags: ['done'],
        },
        {
          text: () =>
            `Sorry for the delay! The numbers look right, but the Q3 total in cell F12 seems to count returns twice. Could you take another look?`,
          tags: ['review'],
        },
        {
          text: (c) => `Done. I've shared the folder with the ${c.client} team and set it to view-only.`,
          tags: ['done'],
        },
        {
          text: () =>
            `Good question. We considered that, but the vendor's API only accepts batch uploads once an hour, so real-time sync isn't possible yet. I suggest we show a "last updated" time in the app and revisit when their v3 ships next quarter.`,
          tags: ['idea'],
        },
        {
          text: () =>
            `Agreed, let's go with option B.[hr]For reference: option A would have cost about 20% more and pushed the launch back two weeks.`,
        },
        {
          text: (c) =>
            `${c.quote('Is the contract ready to send?', 40)}\nAlmost: waiting for one signature from finance.`,
          tags: ['follow-up'],
        },
      ],
      toall: [
        {
          text: () =>
            `[info][title]Office closure[/title]The office will be closed next Friday for building maintenance. Please work from home that day and make sure your VPN access works beforehand.[/info]`,
          tags: ['later'],
        },
        { text: () => `Reminder: timesheets for this month are due by Friday 5pm. Thank you!` },
        {
          text: () =>
            `The all-hands starts in 15 minutes in the main conference room. Remote attendees, the link is in the calendar invite.`,
          tags: ['meeting'],
        },
        {
          text: (c) =>
            `Please welcome [picon:${c.colleagues[0]}][picon:${c.colleagues[1]}] who join the sales team this week!`,
        },
        {
          text: () =>
            `The updated expense policy is attached. Main change: taxi receipts over $50 now need a manager's approval.`,
          file: { name: 'expense-policy-v2.pdf', size: 182_734, mimetype: PDF },
          tags: ['later'],
        },
        {
          text: () =>
            `System maintenance tonight from 11pm to 1am: the CRM will be read-only.[hr]If you have urgent updates, please finish them before 10:30pm.`,
        },
        {
          text: () => `Photos from last week's team offsite are up. Thanks everyone for a great two days!`,
          file: { name: 'offsite-group-photo.jpg', size: 2_416_540, mimetype: JPEG },
        },
      ],
      dm: [
        {
          text: (c) =>
            `Hi ${c.me}, do you have 10 minutes this afternoon? I'd like your thoughts on the hiring plan before I share it.`,
          tags: ['meeting'],
        },
        {
          text: () =>
            `Thanks for covering the client call yesterday. They were really happy with how it went.`,
        },
        {
          text: (c) =>
            `Could you send me the contact details for your counterpart at ${c.client}? I need to follow up on the contract.`,
          tags: ['client'],
        },
        { text: () => `Are you free for lunch on Wednesday? There's a new ramen place near the station.` },
        {
          text: () =>
            `I've been going through last month's customer feedback. The most common request is bulk export (about 40 mentions), followed by SSO (25). Bulk export looks like a quick win, maybe two sprints. Should we raise it at the planning meeting?`,
          tags: ['idea'],
        },
        {
          text: (c) =>
            `Heads-up: I'm out tomorrow for a doctor's appointment, back on Thursday. ${c.other.short} will cover anything urgent.`,
        },
        {
          text: () =>
            `Here's the contract draft with my redlines. The main open point is the liability cap in clause 9.`,
          file: { name: 'contract-draft-redlined.docx', size: 96_120, mimetype: DOCX },
          tags: ['review', 'client'],
        },
        { text: (c) => `Quick one: is the ${c.project} demo still on for Friday?`, tags: ['follow-up'] },
      ],
    },
  },
  slack: {
    workspaces: [
      {
        name: 'Northwind',
        domain: 'northwind-hq',
        channels: [
          { name: 'general' },
          { name: 'atlas-launch' },
          { name: 'eng-backend' },
          { name: 'design-review' },
          { name: 'sales-pipeline' },
          { name: 'incident-response' },
          { name: 'random' },
          { name: 'leadership', private: true },
        ],
        userGroups: ['backend-team', 'launch-crew'],
      },
      {
        name: 'Acme Partners',
        domain: 'acme-partners',
        channels: [
          { name: 'general' },
          { name: 'proj-harbor' },
          { name: 'support-escalations' },
          { name: 'it-help' },
          { name: 'data-platform', private: true },
        ],
        userGroups: ['support-oncall'],
      },
    ],
    texts: {
      mention: [
        {
          text: (c) =>
            `${c.me} can you take a look at the PR for the rate limiter before EOD? It's blocking the release branch.`,
          tags: ['review', 'urgent'],
        },
        {
          text: (c) =>
            `Hey ${c.me}, the *${c.project}* timeline is here: <https://docs.example.com/atlas/timeline|Launch timeline>. Let me know if the dates work for you.`,
          tags: ['follow-up'],
        },
        {
          text: (c) =>
            `${c.me} ${c.other} the staging deploy is failing with \`ECONNREFUSED\` on the payments service. Any idea what changed?`,
          tags: ['urgent'],
        },
        {
          text: (c) =>
            `${c.me} here's the query that's timing out:\n\`\`\`SELECT customer_id, count(*)\nFROM orders\nWHERE created_at &gt; now() - interval '30 days'\nGROUP BY 1;\`\`\`\nIt takes about 40s on prod. Should we add an index?`,
        },
        {
          text: (c) =>
            `&gt; We need final copy for the landing page by Thursday\n${c.me} do you have a draft yet? Happy to review.`,
          tags: ['review'],
        },
        {
          text: (c) =>
            `${c.subteam} ${c.me} retro notes are up in ${c.channel()}. Please add your comments before Monday.`,
          tags: ['later'],
        },
        {
          text: (c) =>
            `${c.me} quick summary of the call with ${c.client}: they want SSO in the pilot, *not* in phase 2; the budget is approved for 50 seats; legal review takes about two weeks. I think we can do it if we move the reporting work to the next sprint. Thoughts?`,
          tags: ['client'],
        },
        {
          text: (c) =>
            `${c.me} R&amp;D asked whether the Q&amp;A session can move to 4pm (room B is booked &lt;3). Does that work for you?`,
          tags: ['meeting'],
        },
        {
          text: (c) => `${c.me} attaching the updated wireframes; the onboarding flow is on pages 3 to 5.`,
          tags: ['review'],
          file: { name: 'wireframes-onboarding-v4.pdf', size: 3_204_117, mimetype: PDF },
        },
        {
          text: (c) =>
            `${c.me} ~Tuesday~ *Wednesday* works better for the workshop, _if_ the room is still free. Can you check?`,
          tags: ['meeting'],
        },
        {
          text: (c) =>
            `${c.me} the conversion dashboard looks off since yesterday, see the screenshot. Signups dropped 30% but orders didn't.`,
          file: { name: 'conversion-dashboard.png', size: 412_880, mimetype: PNG },
          tags: ['urgent'],
        },
      ],
      thread: [
        { text: () => `+1, I ran into the same issue yesterday.` },
        { text: () => `Fixed in the latest build. Can you try again?`, tags: ['done'] },
        { text: () => `I've updated the doc with the new numbers. Let me know if anything looks off.` },
        {
          text: (c) => `${c.me} this one's for you: the client asked about the invoice again.`,
          tags: ['client', 'follow-up'],
        },
        { text: () => `Deployed to staging :white_check_mark:` },
        {
          text: () =>
            `Following up on this: the root cause was a missing retry in the webhook handler. When the payment provider timed out, we dropped the event instead of queueing it. The fix adds a retry with backoff and an alert when the queue grows past 100.`,
          tags: ['later'],
        },
        {
          text: (c) =>
            `${c.me} could you confirm the final headcount for the offsite? Catering needs it by tomorrow.`,
          tags: ['urgent'],
        },
        { text: () => `Sounds good. I'll book the room for 2pm.`, tags: ['meeting'] },
      ],
      dm: [
        {
          text: () =>
            `Hey! Do you have a few minutes for a quick call? I want to run the pricing idea by you.`,
        },
        {
          text: (c) => `Thanks for the intro to ${c.client}, the meeting went really well.`,
          tags: ['client'],
        },
        { text: () => `Can you send me the link to the design system docs? I can't find it in the wiki.` },
        { text: () => `Reminder: our 1:1 moved to 4:30 today.`, tags: ['meeting'] },
        {
          text: () =>
            `I looked at the survey results. Satisfaction is up from 7.1 to 7.8, but "response time" is still the most common complaint. I'd like to propose a 4-hour first-response target for premium accounts. Can we discuss before I share it more widely?`,
          tags: ['idea'],
        },
        {
          text: () => `Here's the signed NDA.`,
          file: { name: 'nda-signed.pdf', size: 88_412, mimetype: PDF },
          tags: ['done'],
        },
        { text: () => `Are you joining the team dinner on Friday? I need to confirm the reservation.` },
      ],
      mpim: [
        { text: () => `Let's use this group for the offsite planning. First question: Kyoto or Osaka?` },
        {
          text: () =>
            `I've drafted the agenda: <https://docs.example.com/offsite/agenda|Offsite agenda>. Comments welcome!`,
          tags: ['review'],
        },
        { text: () => `Could one of you cover the customer demo on Thursday? I'll be on a flight.` },
        { text: () => `Budget approved :tada: We can go ahead with the vendor.`, tags: ['done'] },
        {
          text: (c) => `${c.me} what time works for you tomorrow? We're both free after 2.`,
          tags: ['meeting'],
        },
      ],
      all: [
        {
          text: (c) =>
            `${c.special} Production incident: checkout is returning 500s for some users. We're on it; updates in ${c.channel()}.`,
          tags: ['urgent'],
        },
        { text: (c) => `${c.special} Reminder: please submit your expense reports by Friday.` },
        {
          text: (c) =>
            `${c.special} The all-hands starts in 10 minutes: <https://meet.example.com/all-hands|join here>.`,
          tags: ['meeting'],
        },
        {
          text: (c) =>
            `${c.special} We're rolling out the new VPN client next week. *What you need to do:* install it from the IT portal before Monday, sign in with your SSO account, and remove the old client. Ask in ${c.channel()} if anything goes wrong.`,
          tags: ['later'],
        },
        { text: (c) => `${c.special} Please welcome ${c.other} to the team! :wave:` },
        { text: (c) => `${c.special} The office Wi-Fi will be down from 7 to 8am tomorrow for maintenance.` },
      ],
    },
  },
};
