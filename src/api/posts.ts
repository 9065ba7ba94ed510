// Communication: the sections a member may read (/condominio/comunicacion/blogs), a section's posts
// (/seccion/{sectionId}, paged and searchable), one post (/ver-publicacion/{postID}) with its comments,
// new posts with images and files, and the administrator's review of posts in approval sections.
// Who may do what is in permissions.ts (canReadSection, canPostInSection, …), used by both sides.
import {
  array,
  boolean,
  defaulted,
  enums,
  type Infer,
  literal,
  nullable,
  number,
  object,
  optional,
  size,
  string,
} from 'superstruct';
import { NoticeState } from './noticeReads';
import { AttachmentUpload } from './uploads';
import { Id, IdParam, NonEmpty, QueryInteger } from './validation';

export const POSTS_PATHS = {
  /** Signed in, not an employee: GET the sections the member may read, with their published post counts. */
  summary: '/--comunicacion/blogs-summary',
  /** GET ?limit=&offset=&search=: the section, what the member may do in it, and a page of its posts. */
  sectionPosts: (sectionId: number | string) => `/--comunicacion/section-posts/${sectionId}`,
  /** GET one post with its comments. */
  post: (postId: number | string) => `/--comunicacion/post/${postId}`,
  /** POST a new post (NewPostRequest). */
  newPost: '/--comunicacion/new-post',
  /** POST a comment (NewCommentRequest). */
  newComment: '/--comunicacion/new-comment',
  /** Administrators: POST { postId } publishes a post waiting for approval. */
  approvePost: '/--comunicacion/approve-post',
  /** Administrators: POST { postId, note? } rejects a post waiting for approval. */
  rejectPost: '/--comunicacion/reject-post',
  /** Anyone holding the signed link an answer gave: the attachment's bytes. */
  attachmentFile: (attachmentId: number | string) => `/--comunicacion/post-file/${attachmentId}`,
} as const;

export const POSTS_PAGE_SIZE = 10;
export const POSTS_MAX_PAGE_SIZE = 50;
export const POST_TITLE_MAX = 150;
export const POST_TEXT_MAX = 5000;
export const COMMENT_MAX = 1000;
export const SEARCH_MAX = 100;
export const MAX_ATTACHMENTS = 4;

export const SectionParams = object({ sectionId: IdParam });
export const PostParams = object({ postId: IdParam });

export const SectionPostsQuery = object({
  limit: optional(QueryInteger(1, POSTS_MAX_PAGE_SIZE)),
  offset: optional(QueryInteger(0, 1_000_000_000)),
  search: optional(size(string(), 0, SEARCH_MAX)),
});
export type SectionPostsQuery = Infer<typeof SectionPostsQuery>;

export const NewPostRequest = object({
  sectionId: Id,
  Titulo: NonEmpty(POST_TITLE_MAX),
  Texto: NonEmpty(POST_TEXT_MAX),
  /** Only where the section allows private posts (SolPrivada 1). */
  Privado: defaulted(boolean(), false),
  /** Administrators in a per-tower section: the tower the post is for (null = everyone). Residents' posts
   * go to their own tower. */
  TorreId: optional(nullable(Id)),
  adjuntos: defaulted(size(array(AttachmentUpload), 0, MAX_ATTACHMENTS), []),
  /** A notice that asks each reader for "Enterado" (issue 30): only in a notices section (noticeReads.ts). */
  Importante: optional(boolean()),
});
export type NewPostRequest = Infer<typeof NewPostRequest>;

export const NewCommentRequest = object({ postId: Id, Texto: NonEmpty(COMMENT_MAX) });
export type NewCommentRequest = Infer<typeof NewCommentRequest>;

export const REVIEW_NOTE_MAX = 300;
export const ReviewRequest = object({ postId: Id, note: optional(size(string(), 0, REVIEW_NOTE_MAX)) });
export type ReviewRequest = Infer<typeof ReviewRequest>;

/** 'A' published, 'P' waiting for an administrator, 'R' rejected. */
export const PostStatus = enums(['A', 'P', 'R']);
export type PostStatus = Infer<typeof PostStatus>;

/** The section as the posts screens need it (spec §3.2 fields). */
export const PostSection = object({
  SectId: number(),
  SectName: string(),
  SectCode: string(),
  SectPosting: enums(['A', 'B', 'R']),
  CommentsDisplay: enums(['Y', 'N']),
  VistaxTorre: enums([0, 1]),
  SolPrivada: enums([0, 1]),
  PublicoPrivado: enums([0, 1]),
  ExclusivaUsuarios: enums(['Y', 'N']),
  /** 'I': inactive, which only administrators see (they configure and moderate every section). */
  SectStatus: enums(['A', 'I']),
  blogCount: number(),
});
export type PostSection = Infer<typeof PostSection>;

export const Attachment = object({
  id: number(),
  nombre: string(),
  tipo: enums(['image', 'file']),
  /** Signed, short-lived. */
  url: string(),
});
export type Attachment = Infer<typeof Attachment>;

export const PostSummary = object({
  PostId: number(),
  SectId: number(),
  Titulo: string(),
  Texto: string(),
  UserId: number(),
  UserName: string(),
  TorreName: nullable(string()),
  Privado: enums([0, 1]),
  Estatus: PostStatus,
  /** ISO-8601 UTC. */
  FechaCreada: string(),
  comentarios: number(),
  adjuntos: array(Attachment),
  /** 1: an important notice, which asks each reader for "Enterado" (issue 30). */
  Importante: optional(enums([0, 1])),
});
export type PostSummary = Infer<typeof PostSummary>;

export const PostComment = object({
  id: number(),
  UserId: number(),
  UserName: string(),
  Texto: string(),
  FechaCreada: string(),
});
export type PostComment = Infer<typeof PostComment>;

/** What the member may do, decided by the server with the shared rules. */
export const SectionAbilities = object({
  canPost: boolean(),
  /** A post by this member waits for an administrator (SectPosting B, not an administrator). */
  needsApproval: boolean(),
  canMarkPrivate: boolean(),
  /** The private box starts checked (PublicoPrivado 1 or code SA). */
  defaultPrivate: boolean(),
  canModerate: boolean(),
  /** A new post may be marked important (a notices section, an administrator: issue 30). */
  canMarkImportant: optional(boolean()),
});
export type SectionAbilities = Infer<typeof SectionAbilities>;

export const SummaryAnswer = object({ success: literal(true), sections: array(PostSection) });
export type SummaryAnswer = Infer<typeof SummaryAnswer>;

export const SectionPostsAnswer = object({
  success: literal(true),
  section: PostSection,
  abilities: SectionAbilities,
  posts: array(PostSummary),
  total: number(),
});
export type SectionPostsAnswer = Infer<typeof SectionPostsAnswer>;

export const PostAnswer = object({
  success: literal(true),
  section: PostSection,
  post: PostSummary,
  comments: array(PostComment),
  canComment: boolean(),
  canModerate: boolean(),
  /** In a notices section (issue 30): the caller's own reading and what they may do with it; nobody else's. */
  notice: optional(NoticeState),
});
export type PostAnswer = Infer<typeof PostAnswer>;

export const NewPostAnswer = object({ success: literal(true), PostId: number(), Estatus: PostStatus });
export type NewPostAnswer = Infer<typeof NewPostAnswer>;

export const NewCommentAnswer = object({ success: literal(true), comment: PostComment });
export type NewCommentAnswer = Infer<typeof NewCommentAnswer>;

export const ReviewAnswer = object({ success: literal(true), Estatus: PostStatus });
export type ReviewAnswer = Infer<typeof ReviewAnswer>;

/** Messages of refusals the server gives for posts (Spanish; the client shows them as they come). */
export const POST_MESSAGES = {
  sectionNotFound: 'La sección no existe.',
  postNotFound: 'La publicación no existe.',
  cannotPost: 'Solo los administradores publican en esta sección.',
  sectionHasOwnScreen: 'Esta sección no admite publicaciones: se usa desde su propia pantalla.',
  noComments: 'Esta sección no admite comentarios.',
  noPrivate: 'Esta sección no admite publicaciones privadas.',
  notPending: 'La publicación ya fue revisada.',
  badAttachment: 'El archivo debe ser una imagen PNG, JPEG o WebP, o un PDF, de hasta 1.5 MB.',
} as const;
