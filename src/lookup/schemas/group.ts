import { z } from 'zod';

/** 2.16 participant of a messaging group. */
const groupParticipantSchema = z.object({
  JID: z.string(),
  PhoneNumber: z.string(),
  LID: z.string(),
  IsAdmin: z.boolean(),
  IsSuperAdmin: z.boolean(),
  DisplayName: z.string(),
  Error: z.number().int(),
  AddRequest: z.string(),
});
export type GroupParticipant = z.infer<typeof groupParticipantSchema>;

/** 2.16 Messaging group record (operation 20, elements of data.data[]). */
export const groupSchema = z.object({
  JID: z.string(),
  OwnerJID: z.string(),
  OwnerPN: z.string(),
  Name: z.string(),
  NameSetAt: z.string(),
  NameSetBy: z.string(),
  NameSetByPN: z.string(),
  Topic: z.string(),
  TopicID: z.string(),
  TopicSetAt: z.string(),
  TopicSetBy: z.string(),
  TopicSetByPN: z.string(),
  TopicDeleted: z.boolean(),
  IsLocked: z.boolean(),
  IsAnnounce: z.boolean(),
  AnnounceVersionID: z.string(),
  IsEphemeral: z.boolean(),
  DisappearingTimer: z.number().int(),
  IsIncognito: z.boolean(),
  IsParent: z.boolean(),
  DefaultMembershipApprovalMode: z.string(),
  LinkedParentJID: z.string(),
  IsDefaultSubGroup: z.boolean(),
  IsJoinApprovalRequired: z.boolean(),
  AddressingMode: z.string(),
  GroupCreated: z.string(),
  CreatorCountryCode: z.string(),
  ParticipantVersionID: z.string(),
  Participants: z.array(groupParticipantSchema),
  ParticipantCount: z.number().int(),
  MemberAddMode: z.string(),
  Suspended: z.boolean(),
});
export type Group = z.infer<typeof groupSchema>;

/** Operation 20's `data`: an object whose single field `data` holds the groups. */
export const groupListSchema = z.object({ data: z.array(groupSchema) });
