// Blog configuration (listado-blogs, src/api/blogs.ts): the §7 comunicacion calls and the towers list.
// Who may call each is written next to its path; the rule is src/api/permissions.ts (canConfigureBlogs).
// Every change writes its history row (entity 'section') in its own transaction (server/domain/blogs/blogs.ts).
import type { FastifyInstance } from 'fastify';
import { object } from 'superstruct';
import { BLOG_PATHS, EnableDisableRequest, NewBlogRequest, UpdateBlogRequest, UpdatePositionsRequest } from '../../src/api/blogs';
import { canConfigureBlogs } from '../../src/api/permissions';
import { IdParam } from '../../src/api/validation';
import {
  addNewBlog,
  blogResidents,
  enableDisableBlog,
  listBlogs,
  listTowers,
  singleBlog,
  updateBlog,
  updatePositions,
} from '../domain/blogs/blogs';
import { SIGNED_IN, signedInRoutes } from './guards';

const SectionParams = object({ sectionId: IdParam });
type SectionParams = { sectionId: number };

export default async function blogRoutes(app: FastifyInstance) {
  const routes = signedInRoutes(app);
  // Administrators only (permissions.canConfigureBlogs), refused before the params or body are validated.
  const admins = { allow: canConfigureBlogs };

  // Administrators: every blog of the condominium, by position.
  routes.get(BLOG_PATHS.list, admins, async (request) => ({
    success: true,
    data: await listBlogs(app.db, request.auth),
  }));

  // Administrators: one blog of their condominium.
  routes.get<{ Params: SectionParams }>(
    BLOG_PATHS.single(':sectionId'),
    { schema: { params: SectionParams }, ...admins },
    async (request) => ({ success: true, data: await singleBlog(app.db, request.auth, request.params.sectionId) }),
  );

  // Administrators: the condominium's residents, IdUsersSections on those assigned to the blog.
  routes.get<{ Params: SectionParams }>(
    BLOG_PATHS.users(':sectionId'),
    { schema: { params: SectionParams }, ...admins },
    async (request) => ({ success: true, data: await blogResidents(app.db, request.auth, request.params.sectionId) }),
  );

  // Administrators: the editor's fields plus newUsers and deletedUsers.
  routes.post<{ Body: UpdateBlogRequest }>(
    BLOG_PATHS.update,
    { schema: { body: UpdateBlogRequest }, ...admins },
    async (request) => ({ success: true, data: await updateBlog(app.db, app.clock, request.auth, request.body) }),
  );

  // Administrators: A ↔ I.
  routes.post<{ Body: EnableDisableRequest }>(
    BLOG_PATHS.enableDisable,
    { schema: { body: EnableDisableRequest }, ...admins },
    async (request) => ({ success: true, data: await enableDisableBlog(app.db, app.clock, request.auth, request.body) }),
  );

  // Administrators: the affected blogs' new positions; answers the whole list.
  routes.post<{ Body: UpdatePositionsRequest }>(
    BLOG_PATHS.updatePositions,
    { schema: { body: UpdatePositionsRequest }, ...admins },
    async (request) => ({ success: true, data: await updatePositions(app.db, app.clock, request.auth, request.body) }),
  );

  // Administrators: a new blog after the last one.
  routes.post<{ Body: NewBlogRequest }>(BLOG_PATHS.addNew, { schema: { body: NewBlogRequest }, ...admins }, async (request) => ({
    success: true,
    data: await addNewBlog(app.db, app.clock, request.auth, request.body),
  }));

  // Any signed-in member: the condominium's towers (nothing secret; the guest forms show them too).
  routes.get(BLOG_PATHS.towers, { allow: SIGNED_IN }, async (request) => ({
    success: true,
    torres: await listTowers(app.db, request.auth),
  }));
}
