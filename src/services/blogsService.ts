// Browser side of the blog configuration (src/api/blogs.ts): the comunicacion calls and the towers list.
import {
  BLOG_PATHS,
  type Blog,
  BlogAnswer,
  BlogListAnswer,
  type EnableDisableRequest,
  type NewBlogRequest,
  type Positioned,
  type Resident,
  ResidentsAnswer,
  type Tower,
  TowersAnswer,
  type UpdateBlogRequest,
} from '../api/blogs';
import { apiPath, call, http } from './http';

export async function fetchBlogs(signal?: AbortSignal): Promise<Blog[]> {
  return (await call(() => http.get(apiPath(BLOG_PATHS.list), { signal }), BlogListAnswer)).data;
}

export async function fetchBlog(sectionId: number, signal?: AbortSignal): Promise<Blog> {
  return (await call(() => http.get(apiPath(BLOG_PATHS.single(sectionId)), { signal }), BlogAnswer)).data;
}

export async function fetchBlogResidents(sectionId: number, signal?: AbortSignal): Promise<Resident[]> {
  return (await call(() => http.get(apiPath(BLOG_PATHS.users(sectionId)), { signal }), ResidentsAnswer)).data;
}

export async function fetchTowers(signal?: AbortSignal): Promise<Tower[]> {
  return (await call(() => http.get(apiPath(BLOG_PATHS.towers), { signal }), TowersAnswer)).torres;
}

export async function saveBlog(request: UpdateBlogRequest, signal?: AbortSignal): Promise<Blog> {
  return (await call(() => http.post(apiPath(BLOG_PATHS.update), { json: request, signal }), BlogAnswer)).data;
}

export async function setBlogStatus(request: EnableDisableRequest, signal?: AbortSignal): Promise<Blog> {
  return (await call(() => http.post(apiPath(BLOG_PATHS.enableDisable), { json: request, signal }), BlogAnswer)).data;
}

export async function saveBlogPositions(affected: Positioned[], signal?: AbortSignal): Promise<Blog[]> {
  return (await call(() => http.post(apiPath(BLOG_PATHS.updatePositions), { json: affected, signal }), BlogListAnswer)).data;
}

export async function addNewBlog(request: NewBlogRequest, signal?: AbortSignal): Promise<Blog> {
  return (await call(() => http.post(apiPath(BLOG_PATHS.addNew), { json: request, signal }), BlogAnswer)).data;
}

/** What the blog editor needs to start: the blog, the residents (IdUsersSections when assigned), the towers. */
export interface BlogEditorData {
  blog: Blog;
  residents: Resident[];
  towers: Tower[];
}

export async function loadBlogEditor(sectionId: number, signal?: AbortSignal): Promise<BlogEditorData> {
  const [blog, residents, towers] = await Promise.all([
    fetchBlog(sectionId, signal),
    fetchBlogResidents(sectionId, signal),
    fetchTowers(signal),
  ]);
  return { blog, residents, towers };
}
